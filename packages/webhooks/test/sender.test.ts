import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it } from 'vitest';
import {
  generateSecret,
  type SendResult,
  sendWebhook,
  type WebhookRequest,
  webhookHeaders,
} from '../src/index.ts';

interface ReceivedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: string;
}

interface TestServer {
  port: number;
  url: string;
  received: ReceivedRequest[];
  /** TCP connections accepted, even those that never sent a complete request. */
  connections: () => number;
}

const openServers: Server[] = [];

afterEach(async () => {
  const servers = openServers.splice(0);
  await Promise.all(
    servers.map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A real HTTP server on 127.0.0.1 that records every request once its body has fully arrived. */
async function startServer(
  respond: RequestListener = (_request, response) => response.end('ok'),
): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  let connections = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method,
        url: request.url,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      respond(request, response);
    });
  });
  server.on('connection', () => {
    connections += 1;
  });
  openServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, url: `http://127.0.0.1:${port}`, received, connections: () => connections };
}

/** A port on 127.0.0.1 that nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const body = JSON.stringify({ type: 'invoice.paid', data: { id: 'inv_1', note: 'café ☕' } });

function send(overrides: Partial<WebhookRequest> & Pick<WebhookRequest, 'url'>): Promise<SendResult> {
  return sendWebhook({
    headers: { 'content-type': 'application/json' },
    body,
    timeoutMs: 2_000,
    allowPrivateTargets: true,
    ...overrides,
  });
}

const lookupTo =
  (...addresses: string[]) =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? (6 as const) : (4 as const) }));

describe('sendWebhook outcomes', () => {
  it('reports a 2xx as delivered, with the response body', async () => {
    const server = await startServer((_request, response) => response.writeHead(202).end('accepted'));
    const result = await send({ url: `${server.url}/hooks` });
    expect(result).toEqual({
      ok: true,
      status: 202,
      error: null,
      retryAfter: null,
      responseBody: 'accepted',
      durationMs: expect.any(Number),
    });
    expect(result.durationMs).toBeGreaterThanOrEqual(0);
    expect(result.durationMs).toBeLessThan(1_000);
  });

  it('reports a 500 as not delivered, keeping status and body', async () => {
    const server = await startServer((_request, response) => response.writeHead(500).end('database down'));
    expect(await send({ url: server.url })).toMatchObject({
      ok: false,
      status: 500,
      error: null,
      responseBody: 'database down',
    });
  });

  it('passes a 410 Gone through so the caller can disable the endpoint', async () => {
    const server = await startServer((_request, response) => response.writeHead(410).end());
    expect(await send({ url: server.url })).toMatchObject({
      ok: false,
      status: 410,
      error: null,
      responseBody: '',
    });
  });

  it('surfaces Retry-After', async () => {
    const server = await startServer((_request, response) =>
      response.writeHead(429, { 'retry-after': '120' }).end(),
    );
    expect(await send({ url: server.url })).toMatchObject({ ok: false, status: 429, retryAfter: '120' });
  });

  it('does not follow redirects: a 3xx is a failure and the target receives nothing', async () => {
    const target = await startServer();
    const redirecting = await startServer((_request, response) =>
      response.writeHead(302, { location: `${target.url}/elsewhere` }).end(),
    );
    expect(await send({ url: redirecting.url })).toMatchObject({ ok: false, status: 302, error: null });
    expect(redirecting.received).toHaveLength(1);
    expect(target.connections()).toBe(0);
  });

  it('delivers method, path, query, headers and body intact, verifiable by the receiver', async () => {
    const server = await startServer();
    const secret = generateSecret();
    const headers = webhookHeaders({
      id: 'msg_1',
      timestamp: Math.floor(Date.now() / 1000),
      body,
      secrets: [secret],
    });
    const result = await send({ url: `${server.url}/hooks/comptoir?tenant=42`, headers });
    expect(result.ok).toBe(true);
    const [request] = server.received;
    expect(request).toMatchObject({ method: 'POST', url: '/hooks/comptoir?tenant=42', body });
    expect(request?.headers).toMatchObject({
      ...headers,
      host: `127.0.0.1:${server.port}`,
      'content-length': String(Buffer.byteLength(body)),
    });
    expect(request?.headers['transfer-encoding']).toBeUndefined();
    expect(
      new Webhook(secret).verify(request?.body ?? '', request?.headers as Record<string, string>),
    ).toEqual(JSON.parse(body));
  });

  it('sends credentials from the URL as basic authentication', async () => {
    const server = await startServer();
    await send({ url: `http://user:p%40ss@127.0.0.1:${server.port}/` });
    expect(server.received[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('user:p@ss').toString('base64')}`,
    );
  });
});

describe('sendWebhook response bodies', () => {
  it('reads only the first 1 KiB of a huge body and returns quickly', async () => {
    const server = await startServer((_request, response) =>
      response.writeHead(200).end('x'.repeat(5_000_000)),
    );
    const startedAt = performance.now();
    const result = await send({ url: server.url });
    expect(performance.now() - startedAt).toBeLessThan(500);
    expect(result).toMatchObject({ ok: true, status: 200, error: null });
    expect(result.responseBody).toBe('x'.repeat(1024));
  });

  it('stops reading a body that never ends once 1 KiB has arrived', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200);
      const chunk = 'y'.repeat(100);
      const interval = setInterval(() => {
        if (response.destroyed) clearInterval(interval);
        else response.write(chunk);
      }, 1);
    });
    const result = await send({ url: server.url, timeoutMs: 5_000 });
    expect(result).toMatchObject({ ok: true, status: 200, error: null, responseBody: 'y'.repeat(1024) });
    expect(result.durationMs).toBeLessThan(1_000);
  });

  it('keeps the status when the body trickles past the deadline', async () => {
    const server = await startServer((_request, response) => {
      response.writeHead(200);
      response.write('partial');
    });
    const result = await send({ url: server.url, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: true, status: 200, error: null, responseBody: 'partial' });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(1_000);
  });

  it('cuts a multi-byte character at the 1 KiB boundary without exceeding 1024 characters', async () => {
    const server = await startServer((_request, response) => response.writeHead(200).end('é'.repeat(2_000)));
    const result = await send({ url: server.url });
    expect(result.responseBody.length).toBeLessThanOrEqual(1024);
    expect(result.responseBody.startsWith('é'.repeat(512))).toBe(true);
  });
});

describe('sendWebhook failures', () => {
  it('times out a server that never answers, within about timeoutMs', async () => {
    const server = await startServer(() => {});
    const result = await send({ url: server.url, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout', responseBody: '' });
    expect(result.durationMs).toBeGreaterThanOrEqual(250);
    expect(result.durationMs).toBeLessThan(800);
  });

  it('counts a slow DNS lookup against the same deadline', async () => {
    const result = await send({
      url: 'https://slow-dns.example.test/',
      timeoutMs: 300,
      lookup: () => new Promise(() => {}),
    });
    expect(result).toMatchObject({ ok: false, status: null, error: 'timeout' });
    expect(result.durationMs).toBeLessThan(800);
  });

  it('reports a refused connection', async () => {
    const port = await closedPort();
    expect(await send({ url: `http://127.0.0.1:${port}/` })).toMatchObject({
      ok: false,
      status: null,
      error: 'connection_failed: ECONNREFUSED',
    });
  });

  it('reports a failed DNS lookup', async () => {
    const notFound = Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example.test'), {
      code: 'ENOTFOUND',
    });
    expect(
      await send({ url: 'https://nowhere.example.test/', lookup: () => Promise.reject(notFound) }),
    ).toMatchObject({ ok: false, status: null, error: 'connection_failed: ENOTFOUND' });
    expect(await send({ url: 'https://nowhere.example.test/', lookup: lookupTo() })).toMatchObject({
      error: 'connection_failed: no address for nowhere.example.test',
    });
  });

  it('reports a lookup that throws instead of rejecting', async () => {
    const result = await send({
      url: 'https://hooks.example.test/',
      lookup: () => {
        throw new Error('resolver not configured');
      },
    });
    expect(result).toMatchObject({ ok: false, error: 'connection_failed: resolver not configured' });
  });

  it('reports a header Node refuses to send, without sending anything', async () => {
    const server = await startServer();
    const result = await send({ url: server.url, headers: { 'x-injected': 'a\r\nx-evil: 1' } });
    expect(result).toMatchObject({ ok: false, status: null, error: 'invalid_request: ERR_INVALID_CHAR' });
    expect(server.connections()).toBe(0);
  });

  it('reports an unparseable URL', async () => {
    expect(await send({ url: 'not a url' })).toMatchObject({ ok: false, status: null, error: 'invalid_url' });
  });
});

describe('sendWebhook SSRF protection', () => {
  it('requires https unless private targets are allowed, without touching the network', async () => {
    const server = await startServer();
    let lookups = 0;
    const lookup = async () => {
      lookups += 1;
      return [{ address: '93.184.216.34', family: 4 as const }];
    };
    for (const url of [
      server.url,
      'http://hooks.example.com/',
      'ftp://hooks.example.com/',
      'file:///etc/passwd',
    ]) {
      expect(await send({ url, allowPrivateTargets: false, lookup })).toMatchObject({
        ok: false,
        status: null,
        error: 'https_required',
      });
    }
    expect(await send({ url: 'ftp://127.0.0.1/', allowPrivateTargets: true })).toMatchObject({
      error: 'https_required',
    });
    expect(lookups).toBe(0);
    expect(server.connections()).toBe(0);
  });

  it('refuses a loopback target without connecting to it', async () => {
    const server = await startServer();
    const result = await send({ url: `https://127.0.0.1:${server.port}/`, allowPrivateTargets: false });
    expect(result).toMatchObject({
      ok: false,
      status: null,
      error: `forbidden_address: 127.0.0.1 resolves to 127.0.0.1`,
    });
    expect(server.connections()).toBe(0);
  });

  it.each([
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
    ['https://[::1]/', '::1'],
    ['https://[::ffff:127.0.0.1]/', '::ffff:7f00:1'],
    ['https://[fd00:ec2::254]/', 'fd00:ec2::254'],
    ['https://0x7f.1/', '127.0.0.1'],
    ['https://2130706433/', '127.0.0.1'],
    ['https://10.0.0.1:8443/', '10.0.0.1'],
  ])('refuses the IP literal in %s', async (url, address) => {
    expect(await send({ url, allowPrivateTargets: false })).toMatchObject({
      ok: false,
      error: `forbidden_address: ${address} resolves to ${address}`,
    });
  });

  it('refuses localhost as resolved by the system resolver', async () => {
    const server = await startServer();
    const result = await send({ url: `https://localhost:${server.port}/`, allowPrivateTargets: false });
    expect(result.error).toMatch(/^forbidden_address: localhost resolves to (127\.0\.0\.1|::1)$/);
    expect(server.connections()).toBe(0);
  });

  it('refuses a public-looking hostname that resolves to a private address', async () => {
    const result = await send({
      url: 'https://hooks.example.com/',
      allowPrivateTargets: false,
      lookup: lookupTo('10.1.2.3'),
    });
    expect(result).toMatchObject({
      ok: false,
      error: 'forbidden_address: hooks.example.com resolves to 10.1.2.3',
    });
  });

  it('refuses when any one of several resolved addresses is private', async () => {
    const server = await startServer();
    const result = await send({
      url: `https://hooks.example.com:${server.port}/`,
      allowPrivateTargets: false,
      lookup: lookupTo('93.184.216.34', '2606:4700:4700::1111', '127.0.0.1'),
    });
    expect(result.error).toBe('forbidden_address: hooks.example.com resolves to 127.0.0.1');
    expect(server.connections()).toBe(0);
  });

  it('resolves once and connects to the checked address, keeping the Host header', async () => {
    const server = await startServer();
    const lookedUp: string[] = [];
    const result = await send({
      url: `http://hooks.example.test:${server.port}/hooks`,
      lookup: async (hostname) => {
        lookedUp.push(hostname);
        return [{ address: '127.0.0.1', family: 4 }];
      },
    });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(lookedUp).toEqual(['hooks.example.test']);
    expect(server.received[0]?.headers.host).toBe(`hooks.example.test:${server.port}`);
  });

  it('names the hostname in TLS SNI while connecting to the checked address', async () => {
    const serverNames: string[] = [];
    // No certificate needed: the server name is read from the ClientHello, then the handshake is refused.
    const tlsServer = createTlsServer({
      SNICallback: (serverName, callback) => {
        serverNames.push(serverName);
        callback(new Error('no certificate in this test'));
      },
    });
    await new Promise<void>((resolve) => tlsServer.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = tlsServer.address() as AddressInfo;
      const result = await send({
        url: `https://hooks.example.test:${port}/`,
        lookup: lookupTo('127.0.0.1'),
      });
      expect(result).toMatchObject({
        ok: false,
        status: null,
        error: expect.stringMatching(/^connection_failed: /),
      });
      expect(serverNames).toEqual(['hooks.example.test']);
    } finally {
      await new Promise<void>((resolve) => tlsServer.close(() => resolve()));
    }
  });
});
