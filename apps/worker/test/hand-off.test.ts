import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import {
  claimDueAttempts,
  createEndpoint,
  deliveryJobId,
  dueDeliveries,
  recordEvents,
  relayEvents,
} from '@comptoir/core';
import { factories } from '@comptoir/core/factories';
import { createTestDatabase, type TestDatabase, testKeyring } from '@comptoir/testing';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWebhookWorker, type WebhookWorkerOptions } from '../src/webhooks.ts';

/**
 * The local hand-off: attempts due now claimed by the dispatcher and sent by its own process,
 * with no BullMQ job, against real PostgreSQL, Redis and a receiver on 127.0.0.1.
 */

/** A receiver: every POST answers 200 after the path's delay; arrivals by path, with webhook-id. */
async function startReceiver(delays: Record<string, number>) {
  const arrivals: { path: string; id: string }[] = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    arrivals.push({ path, id: String(request.headers['webhook-id']) });
    request.resume();
    setTimeout(() => {
      if (!response.destroyed) response.writeHead(200).end();
    }, delays[path] ?? 0);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: (path: string) => `http://127.0.0.1:${address.port}${path}`,
    at: (path: string) => arrivals.filter((arrival) => arrival.path === path),
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

const localReceiver = { allowPrivateTargets: true };
const keyring = testKeyring();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(check: () => T | Promise<T>, timeoutMs = 10_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

let db: TestDatabase;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const prefix = `comptoir-test-${randomBytes(4).toString('hex')}`;
const running = new Set<Awaited<ReturnType<typeof startWebhookWorker>>>();
const em = () => db.orm.em.fork();

beforeAll(async () => {
  db = await createTestDatabase();
  receiver = await startReceiver({ '/held': 300, '/kept': 200, '/slow-1': 3000, '/slow-2': 3000 });
});
afterAll(async () => {
  await Promise.all([...running].map((worker) => worker.stop()));
  await receiver.close();
  await db.drop();
});

async function startWorker(options: Partial<WebhookWorkerOptions> = {}) {
  const registry = new Registry();
  const worker = await startWebhookWorker({
    orm: db.orm,
    databaseUrl: db.url,
    redisUrl: inject('redisUrl'),
    retrySchedule: [100],
    allowPrivateTargets: true,
    keyring,
    registry,
    log: { info() {}, warn() {}, error() {} },
    prefix,
    pollMs: 100,
    timeoutMs: 2000,
    ...options,
  });
  running.add(worker);
  return {
    ...worker,
    registry,
    async stop() {
      running.delete(worker);
      await worker.stop();
    },
  };
}

/** An endpoint at `path`, alone in a workspace of its own: the events of other tests skip it. */
async function endpointAt(path: string) {
  const workspaceId = (await factories(db.orm).workspace()).id;
  const endpoint = await createEndpoint(
    em(),
    workspaceId,
    { url: receiver.url(path) },
    keyring,
    localReceiver,
  );
  return { ...endpoint, workspaceId };
}

/** `count` company.created events, recorded in one transaction (one relay pass takes them all). */
async function recordCompanies(endpoint: { workspaceId: string }, count: number, label: string) {
  return em().transactional((tx) =>
    recordEvents(
      tx,
      endpoint.workspaceId,
      Array.from({ length: count }, (_, index) => ({
        type: 'company.created' as const,
        data: { id: `cmp_${label}_${index}`, name: `Société ${label} ${index}` },
      })),
    ),
  );
}

interface DeliveryRow {
  id: string;
  generation: number;
  attempts: number;
  enqueued_attempt: number | null;
  status: string;
}
/** Every one of the endpoint's `count` deliveries has succeeded. */
const allSucceeded = async (endpointId: string, count: number) => {
  const rows = await deliveriesOf(endpointId);
  return rows.length === count && rows.every((row) => row.status === 'succeeded');
};
const deliveriesOf = (endpointId: string) =>
  em().execute<DeliveryRow[]>(
    'select id, generation, attempts, enqueued_attempt, status from webhook_deliveries where endpoint_id = ? order by id',
    [endpointId],
  );

describe('the local hand-off', () => {
  it('delivers an attempt due now once, from the dispatcher, with no BullMQ job; a queued copy of it is skipped', async () => {
    const worker = await startWorker();
    try {
      const endpoint = await endpointAt('/once');
      const [event] = await recordCompanies(endpoint, 1, 'once');
      await until(async () => (await deliveriesOf(endpoint.id))[0]?.status === 'succeeded');
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ attempts: 1, enqueued_attempt: null, status: 'succeeded' });
      const generation = delivery?.generation ?? -1;
      const jobId = deliveryJobId({ deliveryId: delivery?.id ?? '', generation, attempt: 1 });
      expect(await worker.queue.getJob(jobId)).toBeUndefined();
      expect(receiver.at('/once').map((arrival) => arrival.id)).toEqual([event?.id]);
      const metrics = await worker.registry.metrics();
      expect(metrics).toMatch(/^webhook_attempts_handed_off_total 1$/m);
      expect(metrics).toMatch(/^webhook_deliveries_total\{outcome="succeeded"\} 1$/m);
      expect(metrics).toMatch(/^webhook_event_to_delivery_seconds_count 1$/m);

      // A BullMQ job for the same attempt (a dispatcher that queued it meanwhile): its claim skips it.
      await worker.queue.add(
        'deliver',
        {
          deliveryId: delivery?.id ?? '',
          endpointId: endpoint.id,
          generation,
          attempt: 1,
          dueAt: Date.now(),
        },
        { jobId },
      );
      const finished = await until(async () => {
        const job = await worker.queue.getJob(jobId);
        return job?.finishedOn ? job : null;
      });
      expect(finished.returnvalue).toBe('skipped');
      await sleep(200);
      expect(receiver.at('/once')).toHaveLength(1);
      expect((await deliveriesOf(endpoint.id))[0]?.attempts).toBe(1);
    } finally {
      await worker.stop();
    }
  });

  it('never lets two claims take one attempt: claims racing over the same due attempts share them out', async () => {
    const endpoint = await endpointAt('/raced');
    await recordCompanies(endpoint, 120, 'raced');
    await relayEvents(em());
    const claims = () =>
      claimDueAttempts(em(), { limit: 50, perEndpoint: 50, room: [], leaseMs: 60_000 }).then((claimed) =>
        claimed.filter((attempt) => attempt.endpoint.id === endpoint.id),
      );
    const rounds = await Promise.all([claims(), claims(), claims(), claims()]);
    const taken = rounds.flat().map((attempt) => attempt.deliveryId);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken.length).toBeLessThanOrEqual(120);
    const rest = await claimDueAttempts(em(), { limit: 500, perEndpoint: 500, room: [], leaseMs: 60_000 });
    const all = [
      ...taken,
      ...rest.filter((attempt) => attempt.endpoint.id === endpoint.id).map((a) => a.deliveryId),
    ];
    expect(new Set(all).size).toBe(120);
    expect(all).toHaveLength(120);
    const rows = await deliveriesOf(endpoint.id);
    expect(rows.every((row) => row.attempts === 1 && row.status === 'pending')).toBe(true);
    // Within the room given: an endpoint with 3 free slots gets 3, one with none gets none.
    await recordCompanies(endpoint, 10, 'roomed');
    await relayEvents(em());
    const roomed = await claimDueAttempts(em(), {
      limit: 50,
      perEndpoint: 50,
      room: [{ endpointId: endpoint.id, free: 3 }],
      leaseMs: 60_000,
    });
    expect(roomed.filter((attempt) => attempt.endpoint.id === endpoint.id)).toHaveLength(3);
    const none = await claimDueAttempts(em(), {
      limit: 50,
      perEndpoint: 50,
      room: [{ endpointId: endpoint.id, free: 0 }],
      leaseMs: 60_000,
    });
    expect(none.filter((attempt) => attempt.endpoint.id === endpoint.id)).toEqual([]);
    // Tidy: these attempts were claimed by no worker that will send them.
    await em().execute(
      "update webhook_deliveries set status = 'failed', next_attempt_at = null where endpoint_id = ?",
      [endpoint.id],
    );
  });

  it('two worker processes on one database deliver every attempt exactly once', async () => {
    const endpoint = await endpointAt('/shared');
    const first = await startWorker({ concurrency: 10, perEndpointConcurrency: 5 });
    const second = await startWorker({ concurrency: 10, perEndpointConcurrency: 5 });
    try {
      const events = await recordCompanies(endpoint, 150, 'shared');
      await until(() => allSucceeded(endpoint.id, 150), 20_000);
      await sleep(200);
      const ids = receiver.at('/shared').map((arrival) => arrival.id);
      expect(ids.sort()).toEqual(events.map((event) => event.id).sort());
      const rows = await deliveriesOf(endpoint.id);
      expect(rows).toHaveLength(150);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });

  it('sends an attempt again once the lease of a worker that died after claiming it runs out', async () => {
    const endpoint = await endpointAt('/orphaned');
    const [event] = await recordCompanies(endpoint, 1, 'orphaned');
    await relayEvents(em());
    // A worker claims the attempt, then dies before sending it: nothing records it.
    const claimed = await claimDueAttempts(em(), { limit: 10, perEndpoint: 50, room: [], leaseMs: 700 });
    const orphan = claimed.find((attempt) => attempt.endpoint.id === endpoint.id);
    expect(orphan?.attempt).toBe(1);
    const due = async () =>
      (await dueDeliveries(em(), { lookaheadMs: 0, limit: 500 })).find(
        (job) => job.deliveryId === orphan?.deliveryId,
      );
    expect(await due()).toBeUndefined();
    await sleep(800);
    // The lease has run out: the dispatcher finds the attempt again, as the next one.
    expect(await due()).toMatchObject({ attempt: 2, generation: orphan?.generation });

    const worker = await startWorker();
    try {
      await until(async () => (await deliveriesOf(endpoint.id))[0]?.status === 'succeeded');
      await sleep(200);
      expect(receiver.at('/orphaned').map((arrival) => arrival.id)).toEqual([event?.id]);
      expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ attempts: 2, enqueued_attempt: null });
    } finally {
      await worker.stop();
    }
  });

  it('keeps attempts due now in the database while its slots are busy, and delivers them itself', async () => {
    const endpoint = await endpointAt('/kept');
    const worker = await startWorker({ concurrency: 2 });
    try {
      await recordCompanies(endpoint, 8, 'kept');
      await until(() => allSucceeded(endpoint.id, 8));
      const rows = await deliveriesOf(endpoint.id);
      expect(rows).toHaveLength(8);
      expect(rows.every((row) => row.attempts === 1 && row.enqueued_attempt === null)).toBe(true);
      expect(receiver.at('/kept')).toHaveLength(8);
    } finally {
      await worker.stop();
    }
  });

  it('with many attempts in flight, takes what freed slots allow within milliseconds, not at the next poll', async () => {
    // 20 attempts held 3 s by two slow endpoints keep more than 16 in flight, so a freed slot does
    // not start a take at once; the fast endpoint frees at most 10 (its room) between takes, never
    // the 16 a take waits for, so only the take's short delay takes its next attempts before the
    // slow ones end or the next poll (10 s).
    const slow = [await endpointAt('/slow-1'), await endpointAt('/slow-2')];
    const fast = await endpointAt('/fast');
    const worker = await startWorker({
      concurrency: 40,
      perEndpointConcurrency: 10,
      pollMs: 10_000,
      timeoutMs: 5_000,
    });
    try {
      for (const endpoint of slow) await recordCompanies(endpoint, 10, 'slow');
      await until(() => receiver.at('/slow-1').length + receiver.at('/slow-2').length === 20);
      const started = Date.now();
      await recordCompanies(fast, 30, 'fast');
      await until(() => receiver.at('/fast').length === 30, 2_000);
      expect(Date.now() - started).toBeLessThan(2_000);
      await until(() => allSucceeded(fast.id, 30));
      for (const endpoint of slow) await until(() => allSucceeded(endpoint.id, 10));
    } finally {
      await worker.stop();
    }
  });

  it('sends the overflow to BullMQ once the process has had no free slot for overflowAfterMs', async () => {
    const endpoint = await endpointAt('/held');
    const worker = await startWorker({ concurrency: 2, overflowAfterMs: 0 });
    try {
      const events = await recordCompanies(endpoint, 10, 'held');
      await until(() => allSucceeded(endpoint.id, 10), 20_000);
      await sleep(200);
      const rows = await deliveriesOf(endpoint.id);
      const queued = rows.filter((row) => row.enqueued_attempt === 1);
      const local = rows.filter((row) => row.enqueued_attempt === null);
      expect(local.length).toBeGreaterThan(0);
      expect(queued.length).toBeGreaterThan(0);
      expect(local.length + queued.length).toBe(10);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
      for (const row of queued) {
        const job = await worker.queue.getJob(
          deliveryJobId({ deliveryId: row.id, generation: row.generation, attempt: 1 }),
        );
        expect(job?.returnvalue).toBe('succeeded');
      }
      expect(
        receiver
          .at('/held')
          .map((arrival) => arrival.id)
          .sort(),
      ).toEqual(events.map((event) => event.id).sort());
    } finally {
      await worker.stop();
    }
  });
});
