import { readFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type SendResult, sendWebhook, WebhookConnections, type WebhookRequest } from '../src/index.ts';

// A self-signed certificate for hooks.example.test, valid until 2126, made for these tests only
// (openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -days 36500 ...).
const certificate = readFileSync(new URL('./fixtures/receiver-cert.pem', import.meta.url));
const privateKey = readFileSync(new URL('./fixtures/receiver-key.pem', import.meta.url));

interface Receiver {
  port: number;
  /** webhook-id of every request whose body fully arrived, in order. */
  received: string[];
  /** TCP connections accepted. */
  connections: () => number;
  /** Connections the receiver has seen closed. */
  closed: () => number;
}

const openServers: Server[] = [];
const openPools: WebhookConnections[] = [];

afterEach(async () => {
  for (const pool of openPools.splice(0)) pool.close();
  await Promise.all(
    openServers.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

function pool(options: ConstructorParameters<typeof WebhookConnections>[0] = {}): WebhookConnections {
  const connections = new WebhookConnections(options);
  openPools.push(connections);
  return connections;
}

/** Records each request's webhook-id once its body has arrived, then lets `respond` answer. */
async function startReceiver(
  options: {
    tls?: boolean;
    host?: string;
    respond?: RequestListener;
    configure?: (server: Server) => void;
    /** True to drop the connection as the request arrives, unread and unrecorded. */
    drop?: (socket: Socket) => boolean;
  } = {},
): Promise<Receiver> {
  const received: string[] = [];
  let connections = 0;
  let closed = 0;
  const respond: RequestListener = options.respond ?? ((_request, response) => response.end('ok'));
  const listener: RequestListener = (request, response) => {
    if (options.drop?.(request.socket)) {
      request.socket.destroy();
      return;
    }
    request.resume();
    request.on('end', () => {
      received.push(String(request.headers['webhook-id']));
      respond(request, response);
    });
  };
  const server: Server = options.tls
    ? (createHttpsServer({ key: privateKey, cert: certificate }, listener) as unknown as Server)
    : createServer(listener);
  options.configure?.(server);
  server.on(options.tls ? 'secureConnection' : 'connection', (socket: Socket) => {
    connections += 1;
    socket.on('close', () => {
      closed += 1;
    });
  });
  openServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, received, connections: () => connections, closed: () => closed };
}

const lookupTo = (address: string) => async () => [{ address, family: 4 as const }];

function send(
  id: string,
  overrides: Partial<WebhookRequest> & Pick<WebhookRequest, 'url' | 'connections'>,
): Promise<SendResult> {
  return sendWebhook({
    headers: { 'content-type': 'application/json', 'webhook-id': id },
    body: JSON.stringify({ id }),
    timeoutMs: 2_000,
    allowPrivateTargets: true,
    ...overrides,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('kept-alive connections', () => {
  it('reuses one connection for deliveries one after another', async () => {
    const receiver = await startReceiver();
    const connections = pool();
    for (let i = 0; i < 20; i += 1) {
      expect(
        await send(`msg_${i}`, { url: `http://127.0.0.1:${receiver.port}/`, connections }),
      ).toMatchObject({
        ok: true,
        status: 200,
      });
    }
    expect(receiver.received).toHaveLength(20);
    expect(receiver.connections()).toBe(1);
    expect(connections.size).toBe(1);
  });

  it('opens at most one connection per delivery in flight, then reuses them', async () => {
    const receiver = await startReceiver();
    const connections = pool();
    const url = `http://127.0.0.1:${receiver.port}/`;
    const sendTen = (round: number) =>
      Promise.all(Array.from({ length: 10 }, (_, i) => send(`msg_${round}_${i}`, { url, connections })));
    expect((await sendTen(1)).every((result) => result.ok)).toBe(true);
    const opened = receiver.connections();
    expect(opened).toBeLessThanOrEqual(10);
    expect((await sendTen(2)).every((result) => result.ok)).toBe(true);
    expect(receiver.connections()).toBe(opened);
    expect(new Set(receiver.received).size).toBe(20);
  });

  it('opens a connection per delivery when keep-alive is off (maxAgents 0)', async () => {
    const receiver = await startReceiver();
    const connections = pool({ maxAgents: 0 });
    for (let i = 0; i < 3; i += 1) {
      await send(`msg_${i}`, { url: `http://127.0.0.1:${receiver.port}/`, connections });
    }
    expect(receiver.connections()).toBe(3);
    expect(connections.size).toBe(0);
  });

  it('refuses a DNS answer that became forbidden, though a pooled socket to it is open', async () => {
    const receiver = await startReceiver({ tls: true });
    const connections = pool({ ca: certificate });
    const url = `https://hooks.example.test:${receiver.port}/hooks`;
    // Where private targets are allowed, the first delivery leaves a kept-alive socket to 127.0.0.1.
    expect(await send('msg_1', { url, connections, lookup: lookupTo('127.0.0.1') })).toMatchObject({
      ok: true,
      status: 200,
    });
    expect(receiver.connections()).toBe(1);

    // Under the production policy the same answer is refused before any pooled socket is used,
    // and so is an answer that changed to another forbidden address.
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254']) {
      expect(
        await send('msg_refused', {
          url,
          connections,
          lookup: lookupTo(address),
          allowPrivateTargets: false,
        }),
      ).toMatchObject({
        ok: false,
        status: null,
        error: `forbidden_address: hooks.example.test resolves to ${address}`,
      });
    }
    expect(receiver.received).toEqual(['msg_1']);

    // The pooled socket was open all along: an allowed delivery uses it again.
    expect(await send('msg_2', { url, connections, lookup: lookupTo('127.0.0.1') })).toMatchObject({
      ok: true,
    });
    expect(receiver.connections()).toBe(1);
    expect(receiver.received).toEqual(['msg_1', 'msg_2']);
  });

  it('does not reuse a socket to an address the name no longer resolves to', async () => {
    // Listening on every address: 127.0.0.1 and 127.0.0.2 both reach it (Linux routes 127/8 to lo).
    const receiver = await startReceiver({ host: '0.0.0.0' });
    const connections = pool();
    const url = `http://hooks.example.test:${receiver.port}/`;
    await send('msg_1', { url, connections, lookup: lookupTo('127.0.0.1') });
    await send('msg_2', { url, connections, lookup: lookupTo('127.0.0.2') });
    await send('msg_3', { url, connections, lookup: lookupTo('127.0.0.2') });
    expect(receiver.received).toEqual(['msg_1', 'msg_2', 'msg_3']);
    expect(receiver.connections()).toBe(2);
    expect(connections.size).toBe(2);
  });

  it('sends again, once, on a fresh connection when a reused socket is reset before any answer', async () => {
    // A receiver that drops every kept-alive connection as the next request arrives on it, before
    // reading it: what a receiver closing an idle socket looks like when the close crosses our request.
    const served = new WeakMap<Socket, number>();
    const receiver = await startReceiver({
      drop: (socket) => {
        const count = (served.get(socket) ?? 0) + 1;
        served.set(socket, count);
        return count > 1;
      },
    });
    const connections = pool();
    const url = `http://127.0.0.1:${receiver.port}/`;
    for (let i = 0; i < 5; i += 1) {
      expect(await send(`msg_${i}`, { url, connections })).toMatchObject({ ok: true, status: 200 });
    }
    expect(receiver.received).toEqual(['msg_0', 'msg_1', 'msg_2', 'msg_3', 'msg_4']);
    expect(receiver.connections()).toBe(5);
  });

  it('does not send again when a fresh connection is reset', async () => {
    const receiver = await startReceiver({ drop: () => true });
    const result = await send('msg_1', { url: `http://127.0.0.1:${receiver.port}/`, connections: pool() });
    expect(result).toMatchObject({ ok: false, status: null, error: 'connection_failed: ECONNRESET' });
    expect(receiver.connections()).toBe(1);
  });

  it('loses and duplicates nothing with a receiver that closes idle sockets quickly', async () => {
    const receiver = await startReceiver({
      configure: (server) => {
        server.keepAliveTimeout = 5;
      },
    });
    const connections = pool({ idleSocketMs: 60_000 });
    const url = `http://127.0.0.1:${receiver.port}/`;
    const ids = Array.from({ length: 30 }, (_, i) => `msg_${i}`);
    for (const [index, id] of ids.entries()) {
      expect(await send(id, { url, connections })).toMatchObject({ ok: true, status: 200 });
      // Around the receiver's 5 ms: some sockets are closed before reuse, some as they are reused.
      await sleep(index % 10);
    }
    expect(receiver.received).toEqual(ids);
  });

  it('keeps a socket after a response read to its end, and closes it after a cut one', async () => {
    const receiver = await startReceiver({
      respond: (request, response) =>
        response.end(request.headers['webhook-id'] === 'msg_big' ? 'x'.repeat(10_000) : 'ok'),
    });
    const connections = pool();
    const url = `http://127.0.0.1:${receiver.port}/`;
    await send('msg_1', { url, connections });
    await send('msg_2', { url, connections });
    expect(receiver.connections()).toBe(1);
    const big = await send('msg_big', { url, connections });
    expect(big.responseBody).toHaveLength(1024);
    await send('msg_3', { url, connections });
    expect(receiver.connections()).toBe(2);
  });

  it('closes the socket of a delivery that timed out', async () => {
    const receiver = await startReceiver({
      respond: (request, response) => {
        if (request.headers['webhook-id'] !== 'msg_slow') response.end('ok');
      },
    });
    const connections = pool();
    const url = `http://127.0.0.1:${receiver.port}/`;
    await send('msg_1', { url, connections });
    expect(await send('msg_slow', { url, connections, timeoutMs: 200 })).toMatchObject({ error: 'timeout' });
    await send('msg_2', { url, connections });
    expect(receiver.received).toEqual(['msg_1', 'msg_slow', 'msg_2']);
    expect(receiver.connections()).toBe(2);
  });

  it('closes an idle socket, then an idle agent', async () => {
    const receiver = await startReceiver();
    const connections = pool({ idleSocketMs: 100, idleAgentMs: 60_000 });
    const url = `http://127.0.0.1:${receiver.port}/`;
    await send('msg_1', { url, connections });
    await expect.poll(() => receiver.closed(), { timeout: 2_000 }).toBe(1);
    expect(connections.size).toBe(1);

    const agents = pool({ idleSocketMs: 60_000, idleAgentMs: 100 });
    await send('msg_2', { url, connections: agents });
    expect(agents.size).toBe(1);
    await expect.poll(() => agents.size, { timeout: 2_000 }).toBe(0);
    await expect.poll(() => receiver.closed(), { timeout: 2_000 }).toBe(2);
  });

  it('keeps at most maxAgents, closing the least recently used idle one', async () => {
    const first = await startReceiver();
    const second = await startReceiver();
    const connections = pool({ maxAgents: 1 });
    await send('msg_1', { url: `http://127.0.0.1:${first.port}/`, connections });
    await send('msg_2', { url: `http://127.0.0.1:${second.port}/`, connections });
    expect(connections.size).toBe(1);
    await expect.poll(() => first.closed(), { timeout: 2_000 }).toBe(1);
    expect(second.closed()).toBe(0);
    // With the one agent busy, a delivery elsewhere gets a connection of its own.
    const slow = await startReceiver({
      respond: (_request, response) => setTimeout(() => response.end(), 100),
    });
    const busy = send('msg_3', { url: `http://127.0.0.1:${slow.port}/`, connections });
    const other = await send('msg_4', { url: `http://127.0.0.1:${first.port}/`, connections });
    expect(other).toMatchObject({ ok: true });
    expect(await busy).toMatchObject({ ok: true });
    expect(connections.size).toBe(1);
  });
});
