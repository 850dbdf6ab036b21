/** Requests to the API under test: one keep-alive agent, the soak's key, a bounded wait. */
import { Agent, request as httpRequest } from 'node:http';
import { requestTimeoutMs } from './settings.ts';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ApiRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ApiClient {
  baseUrl: string;
  /** Sends with the key's Authorization header (plus `request.headers`). */
  send(request: ApiRequest): Promise<Answer>;
  close(): void;
}

export function apiClient(port: number, apiKey: string): ApiClient {
  const baseUrl = `http://127.0.0.1:${port}`;
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const auth = { authorization: `Bearer ${apiKey}` };
  return {
    baseUrl,
    send: (request) => send(agent, baseUrl, { ...request, headers: { ...auth, ...request.headers } }),
    close: () => agent.destroy(),
  };
}

/** One request; the body is JSON. Rejects on a transport error or after requestTimeoutMs. */
function send(agent: Agent, baseUrl: string, request: ApiRequest): Promise<Answer> {
  const url = new URL(request.path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: request.method,
        headers: {
          ...request.headers,
          ...(request.body === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.setTimeout(requestTimeoutMs, () =>
      outgoing.destroy(new Error(`no answer in ${requestTimeoutMs} ms`)),
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}
