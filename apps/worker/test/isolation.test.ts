import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { createCompany, createContact, createEndpoint } from '@comptoir/core';
import { factories } from '@comptoir/core/factories';
import { createTestDatabase, type TestDatabase, testKeyring } from '@comptoir/testing';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWebhookWorker } from '../src/webhooks.ts';

/** A receiver whose /slow path answers after `slowMs`; it notes arrivals and the most requests in flight. */
async function startReceiver(slowMs: number) {
  const arrivals: { path: string; at: number }[] = [];
  const inFlight = new Map<string, number>();
  const mostInFlight = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    arrivals.push({ path, at: Date.now() });
    inFlight.set(path, (inFlight.get(path) ?? 0) + 1);
    mostInFlight.set(path, Math.max(mostInFlight.get(path) ?? 0, inFlight.get(path) ?? 0));
    request.resume();
    setTimeout(
      () => {
        inFlight.set(path, (inFlight.get(path) ?? 1) - 1);
        response.writeHead(200).end();
      },
      path === '/slow' ? slowMs : 0,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: (path: string) => `http://127.0.0.1:${address.port}${path}`,
    arrivals,
    mostInFlight,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const localReceiver = { allowPrivateTargets: true };
const keyring = testKeyring();
let db: TestDatabase;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let worker: Awaited<ReturnType<typeof startWebhookWorker>>;

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await startReceiver(2500);
  worker = await startWebhookWorker({
    orm: db.orm,
    databaseUrl: db.url,
    redisUrl: inject('redisUrl'),
    retrySchedule: [1000],
    allowPrivateTargets: true,
    keyring,
    registry: new Registry(),
    log: { info() {}, warn() {}, error() {} },
    prefix: `comptoir-test-${randomBytes(4).toString('hex')}`,
    pollMs: 100,
    // Few slots, so that a slow endpoint could take them all without its limit.
    concurrency: 10,
    perEndpointConcurrency: 3,
  });
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
  await db.drop();
});

describe('a slow endpoint', () => {
  it('never holds back the others: its excess goes back to the queue, and it gets few slots', async () => {
    const workspaceId = (await factories(db.orm).workspace()).id;
    const em = () => db.orm.em.fork();
    await createEndpoint(
      em(),
      workspaceId,
      { url: receiver.url('/slow'), events: ['company.created'] },
      keyring,
      localReceiver,
    );
    await createEndpoint(
      em(),
      workspaceId,
      { url: receiver.url('/fast'), events: ['contact.created'] },
      keyring,
      localReceiver,
    );
    for (let index = 0; index < 30; index++)
      await createCompany(em(), workspaceId, { name: `Lente ${index}` });

    // Once its first answers show it is slow (2.5 s each), a fast endpoint's event goes straight through.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const sentAt = Date.now();
    await createContact(em(), workspaceId, { name: 'Rapide Client', email: 'rapide@example.com' });
    const deadline = Date.now() + 2000;
    while (!receiver.arrivals.some((arrival) => arrival.path === '/fast') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const fast = receiver.arrivals.find((arrival) => arrival.path === '/fast');
    expect(fast, 'the fast endpoint received its event').toBeDefined();
    expect((fast?.at ?? Number.POSITIVE_INFINITY) - sentAt).toBeLessThan(1000);

    const slowArrivals = receiver.arrivals.filter((arrival) => arrival.path === '/slow').length;
    expect(slowArrivals).toBeGreaterThan(0);
    expect(slowArrivals).toBeLessThan(30);
    expect(receiver.mostInFlight.get('/slow')).toBeLessThanOrEqual(3);
  });
});
