import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type LocalPlatform,
  type LocalPlatformOptions,
  startLocalPlatform,
  structuralValidator,
} from '@comptoir/local-platform';
import { sampleCii } from '@comptoir/local-platform/samples';
import { createFlowClient, type FlowClient, type FlowClientOptions } from '../src/index.ts';

export const clientId = 'comptoir-client';
export const clientSecret = 'very-secret-client-credential-42';
export const webhookSecret = 'platform-webhook-shared-secret';

export async function startPlatform(overrides: Partial<LocalPlatformOptions> = {}): Promise<LocalPlatform> {
  return startLocalPlatform({
    clientId,
    clientSecret,
    webhookSecret,
    validate: structuralValidator,
    webhookRetryDelaysMs: [20, 50],
    ...overrides,
  });
}

export function clientFor(local: LocalPlatform, overrides: Partial<FlowClientOptions> = {}): FlowClient {
  return createFlowClient({
    baseUrl: local.url,
    auth: { kind: 'oauth2', tokenUrl: local.tokenUrl, clientId, clientSecret },
    timeoutMs: 2_000,
    ...overrides,
  });
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export function ciiInvoice(number: string, options: { currency?: string | null } = {}): Uint8Array {
  return new TextEncoder().encode(
    sampleCii({
      number,
      issueDate: '2026-09-15',
      seller: { name: 'Comptoir Démo', siren: '732829320' },
      buyer: { name: 'Client SA', siren: '552081317' },
      ...(options.currency === undefined ? {} : { currency: options.currency }),
    }),
  );
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** Our webhook endpoint: records each delivery exactly as it arrived and answers 200. */
export async function webhookEndpoint(): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/platform-webhooks`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
