import { inTransaction } from '@comptoir/db';
import { createTestDatabase, factories, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  importProducts,
  listProducts,
  outboxBacklog,
  recordEvent,
  stockStateOf,
  updateProduct,
} from '../src/index.ts';
import { generateKey, isWellFormedKey, keyPrefix } from '../src/keys/format.ts';

let db: TestDatabase;
let workspaceId: string;

beforeAll(async () => {
  db = await createTestDatabase();
  workspaceId = (await factories(db.orm).workspace()).id;
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
    expect(isWellFormedKey(key)).toBe(true);
    expect(isWellFormedKey(`${key.slice(0, 20)}${key[20] === 'x' ? 'y' : 'x'}${key.slice(21)}`)).toBe(false);
  });
});

describe('product list totals', () => {
  it('keep matching a real count through creates, upserts, tracking changes and deletes', async () => {
    const make = factories(db.orm);
    const workspace = (await make.workspace()).id;
    const em = () => db.orm.em.fork();
    const totals = async () => ({
      all: (await listProducts(em(), workspace, { limit: 1, offset: 0 })).pagination.total,
      tracked: (await listProducts(em(), workspace, { limit: 1, offset: 0, trackStock: true })).pagination
        .total,
      untracked: (await listProducts(em(), workspace, { limit: 1, offset: 0, trackStock: false })).pagination
        .total,
      beyond: (await listProducts(em(), workspace, { limit: 1, offset: 1000 })).pagination.total,
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
