import { type EntityManager, inTransaction, isIdOf, newId } from '@comptoir/db';
import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adjustStock,
  applyStockChanges,
  claimIdempotencyKey,
  deleteExpiredIdempotencyKeys,
  getProduct,
  importProducts,
  listProducts,
  outboxBacklog,
  recordEvent,
  recordEvents,
  stockStateOf,
  updateProduct,
} from '../src/index.ts';
import { generateKey, hasKeyShape, keyPrefix, passesKeyChecksum } from '../src/keys/format.ts';
import { factories } from './factories.ts';

let db: TestDatabase;
let workspaceId: string;
let otherWorkspaceId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  workspaceId = (await factories(db.orm).workspace()).id;
  otherWorkspaceId = (await factories(db.orm).workspace()).id;
});
afterAll(() => db.drop());

const eventCount = async () =>
  Number((await db.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from events'))[0]?.n);

describe('outbox', () => {
  it('records an event inside the caller’s transaction', async () => {
    const event = await inTransaction(db.orm.em.fork(), (tx) =>
      recordEvent(tx, workspaceId, 'company.created', { id: 'cmp_x', name: 'Acme' }),
    );
    expect(event).toMatchObject({ id: expect.stringMatching(/^evt_/), type: 'company.created' });
    const [row] = await db.orm.em
      .fork()
      .execute<{ workspace_id: string; data: unknown; published_at: null }[]>(
        'select workspace_id, data, published_at from events where id = ?',
        [event.id],
      );
    expect(row).toEqual({
      workspace_id: workspaceId,
      data: { id: 'cmp_x', name: 'Acme' },
      published_at: null,
    });
    expect((await outboxBacklog(db.orm.em.fork())).unpublished).toBe(1);
  });

  it('leaves no event when the transaction rolls back', async () => {
    const before = await eventCount();
    await expect(
      inTransaction(db.orm.em.fork(), async (tx) => {
        await recordEvent(tx, workspaceId, 'company.created', { id: 'cmp_y' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventCount()).toBe(before);
  });

  it('refuses to record outside a transaction', async () => {
    await expect(recordEvent(db.orm.em.fork(), workspaceId, 'company.created', {})).rejects.toThrow(
      /outside a transaction/,
    );
  });
});

describe('stock state', () => {
  it.each([
    [false, null, null, 'untracked'],
    [true, '0', null, 'out'],
    [true, '-2', '5', 'out'],
    [true, '5', '5', 'low'],
    [true, '5.0001', '5', 'ok'],
    [true, '1', null, 'ok'],
  ] as const)('trackStock=%s quantity=%s threshold=%s is %s', (track, quantity, threshold, state) => {
    expect(stockStateOf(track, quantity, threshold)).toBe(state);
  });
});

describe('key format', () => {
  it('generates keys of the documented shape that pass their own checksum', () => {
    const key = generateKey();
    expect(key).toMatch(new RegExp(`^${keyPrefix}[0-9A-Za-z]{38}$`));
    expect(hasKeyShape(key)).toBe(true);
    expect(passesKeyChecksum(key)).toBe(true);
    const mistyped = `${key.slice(0, 20)}${key[20] === 'x' ? 'y' : 'x'}${key.slice(21)}`;
    expect(hasKeyShape(mistyped)).toBe(true);
    expect(passesKeyChecksum(mistyped)).toBe(false);
    expect(passesKeyChecksum(`${key}a`)).toBe(false);
    expect(hasKeyShape(`${keyPrefix}${'a'.repeat(31)}`)).toBe(false);
  });
});

describe('product list totals', () => {
  it('keep matching a real count through creates, upserts, tracking changes and deletes', async () => {
    const make = factories(db.orm);
    const workspace = (await make.workspace()).id;
    const em = () => db.orm.em.fork();
    const totals = async () => ({
      all: (await listProducts(em(), workspace, { limit: 1, offset: 0 })).total,
      tracked: (await listProducts(em(), workspace, { limit: 1, offset: 0, trackStock: true })).total,
      untracked: (await listProducts(em(), workspace, { limit: 1, offset: 0, trackStock: false })).total,
      beyond: (await listProducts(em(), workspace, { limit: 1, offset: 1000 })).total,
    });
    const counted = async () => {
      const [row] = await em().execute<{ all: string; tracked: string }[]>(
        'select count(*) as all, count(*) filter (where track_stock) as tracked from products where workspace_id = ?',
        [workspace],
      );
      const all = Number(row?.all);
      const tracked = Number(row?.tracked);
      return { all, tracked, untracked: all - tracked, beyond: all };
    };
    const items = Array.from({ length: 30 }, (_, i) => ({
      name: `P${i}`,
      reference: `R${i}`,
      trackStock: i % 2 === 0,
      ...(i % 2 === 0 ? { stockQuantity: i } : {}),
    }));
    await importProducts(em(), workspace, items);
    expect(await totals()).toEqual(await counted());
    await importProducts(em(), workspace, [
      ...items.slice(0, 10).map((item) => ({ ...item, trackStock: false, stockQuantity: undefined })),
      { name: 'New', reference: 'NEW' },
    ]);
    expect(await totals()).toEqual(await counted());
    const one = await make.product(workspace, { name: 'Toggle' });
    await updateProduct(em(), workspace, one.id, { trackStock: true });
    expect(await totals()).toEqual(await counted());
    await em().execute('delete from products where workspace_id = ? and reference in (?, ?)', [
      workspace,
      'R1',
      'R2',
    ]);
    expect(await totals()).toEqual(await counted());
    expect((await totals()).all).toBe(30);
  });
});

describe('a product read by its reused statement', () => {
  it('binds each call its own workspace and id, in and out of a transaction', async () => {
    const make = factories(db.orm);
    const [one, two] = [(await make.workspace()).id, (await make.workspace()).id];
    const first = await make.product(one, { name: 'First' });
    const second = await make.product(two, { name: 'Second' });
    const em = () => db.orm.em.fork();
    for (let round = 0; round < 2; round++) {
      expect((await getProduct(em(), one, first.id)).name).toBe('First');
      expect((await getProduct(em(), two, second.id)).name).toBe('Second');
      await expect(getProduct(em(), one, second.id)).rejects.toMatchObject({ code: 'not_found' });
    }
    await inTransaction(em(), async (tx) => {
      expect((await getProduct(tx, two, second.id)).id).toBe(second.id);
    });
  });
});

describe('ids', () => {
  it('made in the same millisecond sort in the order they were made', () => {
    const now = Date.now();
    const ids = Array.from({ length: 500 }, () => newId('movement', now));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(500);
    expect(ids.every((id) => isIdOf('movement', id))).toBe(true);
  });

  it('of a new millisecond start from new random digits, after the time', () => {
    const now = Date.now() + 1_000;
    const [first, second] = [newId('event', now), newId('event', now + 1)];
    expect(isIdOf('event', first) && isIdOf('event', second)).toBe(true);
    expect(first < second).toBe(true);
    // 79 random bits: two draws agreeing on all 16 digits would be a broken draw.
    expect(first.slice(-16)).not.toBe(second.slice(-16));
  });
});

describe('events in bulk', () => {
  it('records them in order, in the caller’s transaction', async () => {
    const recorded = await inTransaction(db.orm.em.fork(), (tx) =>
      recordEvents(tx, workspaceId, [
        { type: 'stock.movement', data: { n: 1 } },
        { type: 'stock.low', data: { n: 2 } },
      ]),
    );
    const rows = await db.orm.em.fork().execute<{ id: string; type: string }[]>(
      'select id, type from events where id in (?, ?) order by created_at, id',
      recorded.map((event) => event.id),
    );
    expect(rows).toEqual(recorded.map(({ id, type }) => ({ id, type })));
  });
});

describe('stock engine', () => {
  it('refuses to run outside a transaction', async () => {
    await expect(applyStockChanges(db.orm.em.fork(), workspaceId, null, [])).rejects.toThrow(/transaction/);
  });

  it('records an operator change (no key) in the ledger', async () => {
    const product = await factories(db.orm).product(workspaceId, { trackStock: true, stockQuantity: 2 });
    const [outcome] = await inTransaction(db.orm.em.fork(), (tx) =>
      applyStockChanges(tx, workspaceId, null, [{ productId: product.id, quantity: 3 }]),
    );
    expect(outcome).toMatchObject({ applied: true, before: 2, after: 5, delta: 3 });
    const [entry] = await db.orm.em
      .fork()
      .execute<{ api_key_id: string | null }[]>(
        'select api_key_id from stock_movements where product_id = ?',
        [product.id],
      );
    expect(entry).toEqual({ api_key_id: null });
  });

  it('keeps every ledger row in its product’s workspace, which exists (one key checks both)', async () => {
    const product = await factories(db.orm).product(workspaceId, { trackStock: true, stockQuantity: 2 });
    const insert = (workspace: string) =>
      db.orm.em
        .fork()
        .execute(
          "insert into stock_movements (id, workspace_id, product_id, kind, quantity_before, quantity_after, delta) values (?, ?, ?, 'movement', 2, 3, 1)",
          [newId('movement'), workspace, product.id],
        );
    for (const workspace of [otherWorkspaceId, newId('workspace')]) {
      await expect(insert(workspace)).rejects.toMatchObject({
        code: '23503',
        constraint: 'stock_movements_workspace_id_product_id_fkey',
      });
    }
    await insert(workspaceId);
  });

  it('leaves the workspace’s product counter unlocked when no product enters or leaves a count', async () => {
    const make = factories(db.orm);
    const workspace = (await make.workspace()).id;
    const product = await make.product(workspace, { trackStock: true, stockQuantity: 5 });
    await inTransaction(db.orm.em.fork(), async (tx) => {
      // A count in the caller's transaction: its one statement runs there, uncommitted.
      const outcome = await adjustStock(tx, workspace, { apiKeyId: null }, product.id, {
        countedQuantity: 7,
      });
      expect(outcome).toMatchObject({ before: 5, after: 7, delta: 2 });
      // Another transaction can lock the counter at once: this change does not hold it.
      await inTransaction(db.orm.em.fork(), async (other) => {
        const rows = await other.execute<{ total: string }[]>(
          'select total from workspace_product_counts where workspace_id = ? for update nowait',
          [workspace],
        );
        expect(rows).toEqual([{ total: '1' }]);
      });
    });
    const [event] = await db.orm.em
      .fork()
      .execute<{ type: string }[]>(
        "select type from events where workspace_id = ? and data ->> 'productId' = ?",
        [workspace, product.id],
      );
    expect(event).toEqual({ type: 'stock.adjusted' });
  });
});

describe('idempotency keys', () => {
  it('are deleted once past retention, and only then', async () => {
    const scope = (key: string) => ({ workspaceId, endpoint: 'products.adjust', key });
    for (const key of ['fresh-key-1', 'stale-key-1']) {
      await inTransaction(db.orm.em.fork(), async (tx) => {
        expect(await claimIdempotencyKey(tx, scope(key), 'fingerprint')).toEqual({ kind: 'claimed' });
      });
    }
    await db.orm.em
      .fork()
      .execute(
        "update idempotency_keys set created_at = now() - interval '25 hours' where key = 'stale-key-1'",
      );
    expect(await deleteExpiredIdempotencyKeys(db.orm.em.fork())).toBe(1);
    const left = await db.orm.em.fork().execute<{ key: string }[]>('select key from idempotency_keys');
    expect(left).toEqual([{ key: 'fresh-key-1' }]);
  });

  it('bound the claim’s wait only: the transaction keeps the lock timeout it had', async () => {
    const lockTimeout = async (tx: EntityManager) =>
      (await tx.execute<{ lock_timeout: string }[]>('show lock_timeout'))[0]?.lock_timeout;
    const scope = { workspaceId: otherWorkspaceId, endpoint: 'products.adjust', key: 'timeout-key-1' };
    const claimUnder = (fingerprint: string) =>
      inTransaction(db.orm.em.fork(), async (tx) => {
        await tx.execute("set local lock_timeout = '2min'");
        expect(await claimIdempotencyKey(tx, scope, fingerprint)).toEqual({ kind: 'claimed' });
        expect(await lockTimeout(tx)).toBe('2min');
      });
    await claimUnder('fingerprint');
    // An expired key is taken over by the same statement, with the same care.
    await db.orm.em
      .fork()
      .execute(
        "update idempotency_keys set created_at = now() - interval '25 hours' where key = 'timeout-key-1'",
      );
    await claimUnder('other');
  });

  it('bound a count’s claim only: its statement leaves the transaction’s lock timeout as it was', async () => {
    const product = await factories(db.orm).product(otherWorkspaceId, { trackStock: true, stockQuantity: 1 });
    const keyed = (key: string) => ({
      scope: { workspaceId: otherWorkspaceId, endpoint: 'products.adjust', key },
      fingerprint: 'fingerprint',
      status: 200,
      resultField: 'data',
    });
    for (const key of ['count-timeout-1', 'count-timeout-2']) {
      await inTransaction(db.orm.em.fork(), async (tx) => {
        await tx.execute("set local lock_timeout = '2min'");
        const adjusted = await adjustStock(
          tx,
          otherWorkspaceId,
          { apiKeyId: null },
          product.id,
          { countedQuantity: 4 },
          keyed(key),
        );
        expect(adjusted).toMatchObject({ after: 4 });
        const [timeout] = await tx.execute<{ lock_timeout: string }[]>('show lock_timeout');
        expect(timeout).toEqual({ lock_timeout: '2min' });
      });
    }
    // The answer was stored with the effect: the same key is taken now, and nothing is written.
    await expect(
      adjustStock(
        db.orm.em.fork(),
        otherWorkspaceId,
        { apiKeyId: null },
        product.id,
        { countedQuantity: 9 },
        keyed('count-timeout-1'),
      ),
    ).rejects.toMatchObject({ name: 'IdempotencyKeyTaken' });
    const [row] = await db.orm.em
      .fork()
      .execute<{ stock_quantity: string }[]>('select stock_quantity from products where id = ?', [
        product.id,
      ]);
    expect(row).toEqual({ stock_quantity: '4.0000' });
  });
});
