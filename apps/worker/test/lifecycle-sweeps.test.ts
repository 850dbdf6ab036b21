import {
  expireQuotes,
  getInvoice,
  getQuote,
  invoiceSchema,
  markOverdueInvoices,
  quoteSchema,
} from '@comptoir/core';
import { factories } from '@comptoir/core/factories';
import { createTestDatabase, freePort, type TestDatabase } from '@comptoir/testing';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLifecycleSweeps } from '../src/lifecycle-sweeps.ts';
import { createLifecycleMetrics } from '../src/metrics.ts';
import { lifecycleFixtures } from './lifecycle-fixtures.ts';
import { type Child, killChildren, startRedis, startWorker } from './processes.ts';

let db: TestDatabase;
let fixtures: ReturnType<typeof lifecycleFixtures>;
const children = new Set<Child>();
const em = () => db.orm.em.fork();
const workspace = async () => (await factories(db.orm).workspace()).id;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Every id has exactly one event of `type`, recorded in `workspaceOf(id)`. */
async function expectOneEventEach(type: string, ids: readonly string[], workspaceOf: (id: string) => string) {
  const events = await fixtures.events(type, ids);
  expect(events.map((event) => event.data.id).sort()).toEqual([...ids].sort());
  for (const event of events) expect(event.workspace_id).toBe(workspaceOf(String(event.data.id)));
}

beforeAll(async () => {
  db = await createTestDatabase();
  fixtures = lifecycleFixtures(db);
});
afterAll(async () => {
  await killChildren(children);
  await fixtures.close();
  await db.drop();
});

describe('markOverdueInvoices', () => {
  it('moves SENT and PARTIAL invoices past their due date, of every workspace, to OVERDUE with one invoice.overdue each', async () => {
    const [first, second] = [await workspace(), await workspace()];
    const one = async (workspaceId: string, status: string, dueInDays: number) =>
      (await fixtures.invoices(workspaceId, 1, status, dueInDays))[0] as string;
    const sent = await one(first, 'SENT', -1);
    const partial = await one(second, 'PARTIAL', -0.01);
    const untouched = {
      [await one(first, 'SENT', 1)]: 'SENT',
      [await one(first, 'DRAFT', -5)]: 'DRAFT',
      [await one(first, 'OVERDUE', -5)]: 'OVERDUE',
      [await one(second, 'PAID', -5)]: 'PAID',
      [await one(second, 'CANCELLED', -5)]: 'CANCELLED',
    };
    const due = [sent, partial];

    expect(await markOverdueInvoices(em())).toBe(2);

    expect(await fixtures.statuses('invoices', due)).toEqual({ [sent]: 'OVERDUE', [partial]: 'OVERDUE' });
    expect(await fixtures.statuses('invoices', Object.keys(untouched))).toEqual(untouched);
    await expectOneEventEach('invoice.overdue', due, (id) => (id === sent ? first : second));
    for (const event of await fixtures.events('invoice.overdue', due)) {
      const invoice = await getInvoice(em(), event.workspace_id, String(event.data.id));
      expect(event.data).toEqual(invoiceSchema.parse(invoice));
    }
    expect(await fixtures.events('invoice.overdue', Object.keys(untouched))).toEqual([]);

    expect(await markOverdueInvoices(em())).toBe(0);
    await expectOneEventEach('invoice.overdue', due, (id) => (id === sent ? first : second));
  });

  it('works in transactions of batchSize invoices: 1,200 due invoices take 3, each with its events', async () => {
    const workspaces = await Promise.all([workspace(), workspace(), workspace(), workspace()]);
    const ids = (await Promise.all(workspaces.map((id) => fixtures.invoices(id, 300, 'SENT', -2)))).flat();

    expect(await markOverdueInvoices(em(), { batchSize: 500 })).toBe(1200);

    expect(new Set(Object.values(await fixtures.statuses('invoices', ids)))).toEqual(new Set(['OVERDUE']));
    const events = await fixtures.events('invoice.overdue', ids);
    expect(events).toHaveLength(1200);
    // now() is the transaction's start: one timestamp per transaction.
    const perTransaction = new Map<number, number>();
    for (const event of events)
      perTransaction.set(
        event.created_at.getTime(),
        (perTransaction.get(event.created_at.getTime()) ?? 0) + 1,
      );
    expect([...perTransaction.values()]).toEqual([500, 500, 200]);
  });

  it('skips an invoice another transaction holds, and leaves it alone if that one paid it', async () => {
    const workspaceId = await workspace();
    const [held, free] = await fixtures.invoices(workspaceId, 2, 'SENT', -1);
    const holder = await fixtures.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from invoices where id = $1 for update', [held]);
      expect(await markOverdueInvoices(em())).toBe(1);
      await holder.query(
        `update invoices set status = 'PAID', paid_amount = total, paid_at = now() where id = $1`,
        [held],
      );
      await holder.query('commit');
    } finally {
      holder.release();
    }
    expect(await markOverdueInvoices(em())).toBe(0);
    expect(await fixtures.statuses('invoices', [held, free] as string[])).toEqual({
      [held as string]: 'PAID',
      [free as string]: 'OVERDUE',
    });
    expect(await fixtures.events('invoice.overdue', [held as string])).toEqual([]);
  });

  it('two sweeps at once move each invoice once, with one event each', async () => {
    const workspaceId = await workspace();
    const ids = await fixtures.invoices(workspaceId, 120, 'PARTIAL', -3);
    const moved = await Promise.all([
      markOverdueInvoices(em(), { batchSize: 7 }),
      markOverdueInvoices(em(), { batchSize: 7 }),
    ]);
    expect(moved[0] + moved[1]).toBe(120);
    await expectOneEventEach('invoice.overdue', ids, () => workspaceId);
  });
});

describe('expireQuotes', () => {
  it('moves SENT and SENT_FOR_SIGNATURE quotes past sentAt + validityDays to EXPIRED with one quote.expired each', async () => {
    const [first, second] = [await workspace(), await workspace()];
    const expired = [
      await fixtures.quote(first, 'SENT', 31, 30),
      await fixtures.quote(second, 'SENT_FOR_SIGNATURE', 10, 5),
      await fixtures.quote(second, 'SENT', 0.001, 0),
    ];
    const untouched = {
      [await fixtures.quote(first, 'SENT', 29, 30)]: 'SENT',
      [await fixtures.quote(first, 'SENT_FOR_SIGNATURE', 4, 5)]: 'SENT_FOR_SIGNATURE',
      [await fixtures.quote(second, 'ACCEPTED', 60, 30)]: 'ACCEPTED',
      [await fixtures.quote(second, 'REJECTED', 60, 30)]: 'REJECTED',
    };
    const workspaceOf = (id: string) => (id === expired[0] ? first : second);

    expect(await expireQuotes(em())).toBe(3);

    expect(new Set(Object.values(await fixtures.statuses('quotes', expired)))).toEqual(new Set(['EXPIRED']));
    expect(await fixtures.statuses('quotes', Object.keys(untouched))).toEqual(untouched);
    await expectOneEventEach('quote.expired', expired, workspaceOf);
    for (const event of await fixtures.events('quote.expired', expired)) {
      const quote = await getQuote(em(), event.workspace_id, String(event.data.id));
      expect(event.data).toEqual(quoteSchema.parse(quote));
    }
    expect(await expireQuotes(em())).toBe(0);
    await expectOneEventEach('quote.expired', expired, workspaceOf);
  });
});

describe('the worker', () => {
  it('counts what startLifecycleSweeps moves in lifecycle_transitions_total, and stops', async () => {
    const workspaceId = await workspace();
    await fixtures.invoices(workspaceId, 3, 'SENT', -1);
    await fixtures.quote(workspaceId, 'SENT', 40, 30);
    const registry = new Registry();
    const quiet = { info() {}, warn() {}, error() {} };
    const sweeps = startLifecycleSweeps({
      orm: db.orm,
      log: quiet,
      metrics: createLifecycleMetrics(registry),
      everyMs: 50,
    });
    const counted = async () =>
      (await registry.getSingleMetric('lifecycle_transitions_total')?.get())?.values ?? [];
    await until(async () => (await counted()).length === 2, 5000);
    await sweeps.stop();
    expect(
      Object.fromEntries((await counted()).map((value) => [value.labels.transition, value.value])),
    ).toEqual({ invoice_overdue: 3, quote_expired: 1 });
  });

  it('two worker processes started at once move each due record once, and then records as they become due', async () => {
    const [first, second] = [await workspace(), await workspace()];
    const invoices = [
      ...(await fixtures.invoices(first, 300, 'SENT', -1)),
      ...(await fixtures.invoices(second, 300, 'PARTIAL', -1)),
    ];
    const quotes: string[] = [];
    for (let index = 0; index < 20; index++)
      quotes.push(await fixtures.quote(index % 2 ? first : second, 'SENT', 31, 30));
    const workspaceOfInvoice = (id: string) => (invoices.indexOf(id) < 300 ? first : second);

    const redisPort = await freePort();
    await startRedis(redisPort, children);
    const options = {
      databaseUrl: db.url,
      redisUrl: `redis://127.0.0.1:${redisPort}`,
      lifecycleSweepInterval: '1s',
    };
    await Promise.all([startWorker(options, children), startWorker(options, children)]);

    const allMoved = async (table: 'invoices' | 'quotes', ids: string[], status: string) =>
      Object.values(await fixtures.statuses(table, ids)).every((value) => value === status);
    await until(
      async () =>
        (await allMoved('invoices', invoices, 'OVERDUE')) && (await allMoved('quotes', quotes, 'EXPIRED')),
      15_000,
    );
    await sleep(2500); // a few more passes of both workers
    await expectOneEventEach('invoice.overdue', invoices, workspaceOfInvoice);
    await expectOneEventEach('quote.expired', quotes, (id) => (quotes.indexOf(id) % 2 ? first : second));

    const [soonDue] = await fixtures.invoices(first, 1, 'SENT', 2 / 86_400);
    const soonExpired = await fixtures.quote(second, 'SENT_FOR_SIGNATURE', 1 - 2 / 86_400, 1);
    const dueAt = Date.now() + 2000;
    await until(
      async () =>
        (await allMoved('invoices', [soonDue as string], 'OVERDUE')) &&
        (await allMoved('quotes', [soonExpired], 'EXPIRED')),
      10_000,
    );
    expect(Date.now() - dueAt).toBeLessThan(6000); // a few 1 s intervals, on a loaded machine
    await sleep(2500);
    await expectOneEventEach('invoice.overdue', [soonDue as string], () => first);
    await expectOneEventEach('quote.expired', [soonExpired], () => second);
  }, 90_000);
});
