import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type LocalPlatform,
  type LocalPlatformOptions,
  startLocalPlatform,
  structuralValidator,
} from '../src/index.ts';

export const credentials = { clientId: 'comptoir-test', clientSecret: 's3cr3t-client-value' };
export const webhookSecret = 'whsec-local-test-secret';

export async function platform(overrides: Partial<LocalPlatformOptions> = {}): Promise<LocalPlatform> {
  return startLocalPlatform({
    ...credentials,
    webhookSecret,
    validate: structuralValidator,
    webhookRetryDelaysMs: [20, 50],
    ...overrides,
  });
}

export async function token(local: LocalPlatform): Promise<string> {
  const response = await fetch(local.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...toSnake(credentials) }),
  });
  const body = (await response.json()) as { access_token: string };
  return body.access_token;
}

function toSnake({ clientId, clientSecret }: typeof credentials) {
  return { client_id: clientId, client_secret: clientSecret };
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface SubmitRaw {
  file: Uint8Array;
  flowInfo: Record<string, unknown> | string | null;
  fileType?: string;
  fileName?: string;
}

/** `POST /v1/flows` by hand, to test the platform without the client. */
export async function submitRaw(local: LocalPlatform, bearer: string, input: SubmitRaw): Promise<Response> {
  const form = new FormData();
  if (input.flowInfo !== null) {
    const text = typeof input.flowInfo === 'string' ? input.flowInfo : JSON.stringify(input.flowInfo);
    form.append('flowInfo', new Blob([text], { type: 'application/json' }));
  }
  form.append(
    'file',
    new Blob([input.file.slice()], { type: input.fileType ?? 'application/xml' }),
    input.fileName ?? 'invoice.xml',
  );
  return fetch(`${local.url}/v1/flows`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}` },
    body: form,
  });
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP server standing for our webhook endpoint: answers each delivery with the next status given. */
export async function webhookReceiver(statuses: number[] = []): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const queue = [...statuses];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(queue.shift() ?? 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
