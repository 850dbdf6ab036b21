import { createServer, type Server } from 'node:http';
import { createEndpoint, recordEvents } from '@comptoir/core';
import { factories, workspaceWithKey } from '@comptoir/core/factories';
import { createTestDatabase, freePort, type TestDatabase, testKeyring } from '@comptoir/testing';
import { afterAll, describe, it } from 'vitest';
import { type Child, killChildren, startApi, startRedis, startWorker } from './processes.ts';

/**
 * Fault tests of webhook delivery against real processes: the worker killed mid-deliveries,
 * and Redis killed (and restarted empty) while the API keeps recording stock movements.
 * Both tests run concurrently: each waits for one of the worker's recovery windows (an attempt
 * lease of 30 s after a kill, the 10 s staleness check after Redis lost its queue).
 */

/** A receiver on 127.0.0.1 that holds each request `delayMs` before answering 200. */
async function startReceiver(delayMs: number) {
  /** webhook-id -> how many times it arrived. */
  const arrivals = new Map<string, number>();
  const mismatches: string[] = [];
  /** Requests received and not answered yet: their senders are waiting. */
  let holding = 0;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      let bodyId: unknown;
      try {
        bodyId = (JSON.parse(body) as { id?: unknown }).id;
      } catch {
        bodyId = undefined;
      }
      if (bodyId !== id) mismatches.push(`webhook-id ${id}, body id ${String(bodyId)}`);
      arrivals.set(id, (arrivals.get(id) ?? 0) + 1);
      holding += 1;
      setTimeout(() => {
        holding -= 1;
        if (!response.destroyed) response.writeHead(200).end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}/hooks`,
    arrivals,
    mismatches,
    holding: () => holding,
    /** Event ids of `expected` that never arrived. */
    missing: (expected: readonly string[]) => expected.filter((id) => !arrivals.has(id)),
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
type Receiver = Awaited<ReturnType<typeof startReceiver>>;
/** The receiver is on 127.0.0.1: endpoints may target it only under a development policy. */
const localReceiver = { allowPrivateTargets: true };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  check: () => T | Promise<T>,
  timeoutMs: number,
  what: string,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`not met within ${timeoutMs} ms: ${what}`);
    await sleep(20);
  }
}

/** What one test starts, torn down (children killed with SIGKILL) however the test ends. */
interface Scope {
  children: Set<Child>;
  db?: TestDatabase;
  receiver?: Receiver;
}
const scopes = new Set<Scope>();
/** The children's state and last output, for failure messages. */
function childrenReport(scope: Scope): string {
  return [...scope.children]
    .map(
      (child) =>
        `--- ${child.name} (${child.exited() ? 'exited' : 'running'}):\n${child.output().slice(-3000)}`,
    )
    .join('\n');
}
async function teardown(scope: Scope) {
  if (!scopes.delete(scope)) return;
  await killChildren(scope.children);
  await scope.receiver?.close();
  await scope.db?.drop();
}
afterAll(async () => {
  await Promise.all([...scopes].map(teardown));
});

async function eventIds(db: TestDatabase): Promise<string[]> {
  const rows = await db.orm.em.fork().execute<{ id: string }[]>('select id from events');
  return rows.map((row) => row.id).sort();
}

interface DeliveryState {
  events: number;
  deliveries: number;
  succeeded: number;
  pending: number;
  failed: number;
}
async function deliveryState(db: TestDatabase): Promise<DeliveryState> {
  const [row] = await db.orm.em.fork().execute<Record<keyof DeliveryState, string>[]>(
    `select (select count(*) from events) as events,
            count(*) as deliveries,
            count(*) filter (where status = 'succeeded') as succeeded,
            count(*) filter (where status = 'pending') as pending,
            count(*) filter (where status = 'failed') as failed
       from webhook_deliveries`,
  );
  return {
    events: Number(row?.events),
    deliveries: Number(row?.deliveries),
    succeeded: Number(row?.succeeded),
    pending: Number(row?.pending),
    failed: Number(row?.failed),
  };
}

/** Every event arrived and every delivery (one per event: one endpoint) succeeded. */
async function allDelivered(db: TestDatabase, receiver: Receiver) {
  const ids = await eventIds(db);
  const state = await deliveryState(db);
  return (
    receiver.missing(ids).length === 0 && state.deliveries === ids.length && state.succeeded === ids.length
  );
}

// After a kill, the attempts the dead worker had taken are sent again once their lease (the 15 s
// send timeout + 15 s) runs out, and jobs it had fetched without starting go back to the queue
// through BullMQ's stalled-job check (10 s lock). After Redis restarts empty, the dispatcher
// finds the attempts queued over 10 s ago that the queue no longer holds.
const recoveryTimeoutMs = 60_000;

describe.concurrent('webhook delivery faults (real processes)', () => {
  it(
    'SIGKILL of the worker mid-deliveries, then a new worker: every event arrives at least once, every delivery succeeds',
    async ({ expect }) => {
      const scope: Scope = { children: new Set() };
      scopes.add(scope);
      try {
        const db = await createTestDatabase();
        scope.db = db;
        const receiver = await startReceiver(30);
        scope.receiver = receiver;
        const redisPort = await freePort();
        await startRedis(redisPort, scope.children);
        const redisUrl = `redis://127.0.0.1:${redisPort}`;

        const workspace = await factories(db.orm).workspace();
        await createEndpoint(
          db.orm.em.fork(),
          workspace.id,
          { url: receiver.url },
          testKeyring(),
          localReceiver,
        );
        const first = await startWorker({ databaseUrl: db.url, redisUrl }, scope.children);

        const total = 300;
        for (let batch = 0; batch < total / 50; batch++) {
          await db.orm.em.fork().transactional((tx) =>
            recordEvents(
              tx,
              workspace.id,
              Array.from({ length: 50 }, (_, index) => ({
                type: 'company.created' as const,
                data: { id: `cmp_fault_${batch * 50 + index}`, name: `Société ${batch * 50 + index}` },
              })),
            ),
          );
        }
        const ids = await eventIds(db);
        expect(ids).toHaveLength(total);

        // Killed while the receiver holds a request: that delivery is taken and cannot be recorded
        // (the receiver answers from this process's event loop, which does not run before the kill).
        await until(
          () => receiver.arrivals.size >= 60 && receiver.holding() > 0,
          20_000,
          'the first worker delivers some events',
        );
        await first.kill();
        const arrivedBeforeKill = receiver.arrivals.size;
        // Deliveries the dead worker had taken (attempt counted, lease running) and not finished.
        const [taken] = await db.orm.em
          .fork()
          .execute<{ count: string }[]>(
            "select count(*) from webhook_deliveries where status = 'pending' and attempts > 0",
          );
        expect(arrivedBeforeKill).toBeLessThan(total);
        expect(Number(taken?.count)).toBeGreaterThan(0);

        await startWorker({ databaseUrl: db.url, redisUrl }, scope.children);
        await until(() => allDelivered(db, receiver), recoveryTimeoutMs, 'every event delivered').catch(
          async (error: Error) => {
            const state = await deliveryState(db);
            throw new Error(
              `${error.message}; missing ${receiver.missing(ids).length} of ${total}; ${JSON.stringify(state)}\n${childrenReport(scope)}`,
            );
          },
        );
        expect(receiver.missing(ids)).toEqual([]);
        expect([...receiver.arrivals.keys()].sort()).toEqual(ids);
        expect(receiver.mismatches).toEqual([]);
        expect(await deliveryState(db)).toEqual({
          events: total,
          deliveries: total,
          succeeded: total,
          pending: 0,
          failed: 0,
        });
      } finally {
        await teardown(scope);
      }
    },
    recoveryTimeoutMs + 30_000,
  );

  it(
    'Redis killed while the API records stock movements, then restarted empty: no request fails, every event is delivered',
    async ({ expect }) => {
      const scope: Scope = { children: new Set() };
      scopes.add(scope);
      let stopMoving = false;
      let moving: Promise<void> = Promise.resolve();
      try {
        const db = await createTestDatabase();
        scope.db = db;
        const receiver = await startReceiver(10);
        scope.receiver = receiver;
        const redisPort = await freePort();
        const redis = await startRedis(redisPort, scope.children);
        const redisUrl = `redis://127.0.0.1:${redisPort}`;

        const { workspace, authorization } = await workspaceWithKey(db.orm);
        // The public API cannot create products: the factory uses the domain's createProduct.
        const product = await factories(db.orm).product(workspace.id, {
          trackStock: true,
          stockQuantity: 1_000_000,
        });
        await createEndpoint(
          db.orm.em.fork(),
          workspace.id,
          { url: receiver.url },
          testKeyring(),
          localReceiver,
        );
        const [api] = await Promise.all([
          startApi({ databaseUrl: db.url, redisUrl }, scope.children),
          startWorker({ databaseUrl: db.url, redisUrl }, scope.children),
        ]);

        /** The status of every POST; 0 for one that got no answer. */
        const statuses: number[] = [];
        let sent = 0;
        const move = async () => {
          sent += 1;
          try {
            const response = await fetch(`${api.baseUrl}/api/v1/stock-movements`, {
              method: 'POST',
              headers: { authorization, 'content-type': 'application/json' },
              body: JSON.stringify({
                movements: [
                  { productId: product.id, quantity: sent % 2 === 0 ? 1 : -1, reason: `fault ${sent}` },
                ],
              }),
              signal: AbortSignal.timeout(10_000),
            });
            await response.arrayBuffer();
            statuses.push(response.status);
          } catch {
            statuses.push(0);
          }
        };
        /** Two clients POSTing one movement at a time, until `stop` (or a failed request). */
        const moveUntil = async (stop: () => boolean) => {
          const client = async () => {
            while (!stop() && !stopMoving && statuses.every((status) => status === 200)) await move();
          };
          await Promise.all([client(), client()]);
        };

        // Redis up: movements flow and deliveries arrive.
        await moveUntil(() => sent >= 80);
        await until(() => receiver.arrivals.size >= 20, 20_000, 'deliveries before the outage');

        // Redis killed mid-way while movements keep coming: the API must keep answering 200.
        let outage = true;
        moving = moveUntil(() => !outage);
        await sleep(100);
        await redis.kill();
        const sentAtKill = sent;
        await sleep(2500);
        // The relay does not need Redis: events recorded during the outage become deliveries.
        const [stalled] = await db.orm.em
          .fork()
          .execute<{ count: string }[]>(
            "select count(*) from events where published_at is null and created_at < now() - interval '1.5 seconds'",
          );

        // Redis back on the same port, empty (no persistence): BullMQ's queue is gone.
        await startRedis(redisPort, scope.children);
        const sentDuringOutage = sent - sentAtKill;
        await sleep(500);
        outage = false;
        await moving;
        const sentAfterOutage = sent;
        await moveUntil(() => sent >= sentAfterOutage + 40);

        expect(statuses.filter((status) => status !== 200)).toEqual([]);
        expect(sentDuringOutage).toBeGreaterThan(10);
        expect(Number(stalled?.count)).toBe(0);
        const ids = await eventIds(db);
        expect(ids).toHaveLength(sent);

        await until(() => allDelivered(db, receiver), recoveryTimeoutMs, 'every event delivered').catch(
          async (error: Error) => {
            const state = await deliveryState(db);
            throw new Error(
              `${error.message}; missing ${receiver.missing(ids).length} of ${ids.length}; ${JSON.stringify(state)}\n${childrenReport(scope)}`,
            );
          },
        );
        expect(receiver.missing(ids)).toEqual([]);
        expect([...receiver.arrivals.keys()].sort()).toEqual(ids);
        expect(receiver.mismatches).toEqual([]);
        expect(await deliveryState(db)).toEqual({
          events: ids.length,
          deliveries: ids.length,
          succeeded: ids.length,
          pending: 0,
          failed: 0,
        });
      } finally {
        stopMoving = true;
        await moving;
        await teardown(scope);
      }
    },
    recoveryTimeoutMs + 60_000,
  );
});
