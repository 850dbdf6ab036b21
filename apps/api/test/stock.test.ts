import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, startTestApi, type TestApi } from './harness.ts';
import {
  type ApiError,
  bearer,
  callApi,
  eventsAbout,
  expectError,
  expectInvalidBody,
  expectInvalidRequest,
  idOf,
  trpcErrorOf,
} from './support/index.ts';

// Authentication, scopes, workspace isolation of the ids and list bounds: common-routes.test.ts.

interface Applied {
  index: number;
  productId: string;
  before: number;
  after: number;
  delta: number;
  movementId: string;
}
interface Batch {
  applied: Applied[];
  errors: { index: number; productId: string; error: string }[];
}
interface Body {
  data: Batch & Applied & Record<string, unknown>;
  error?: ApiError;
}

let api: TestApi;
let workspaceId: string;
let key: string;
let headers: Record<string, string>;

beforeAll(async () => {
  api = await startTestApi();
  workspaceId = (await api.make.workspace()).id;
  key = (await api.make.key(workspaceId)).key;
  headers = bearer(key);
});
afterAll(() => api.close());

const call = (method: string, path: string, json?: unknown, extraHeaders: Record<string, string> = {}) =>
  callApi<Body>(api, method, path, json, { ...headers, ...extraHeaders });
const adjust = (id: string, json: unknown, extra?: Record<string, string>) =>
  call('POST', `/products/${id}/adjust`, json, extra);
const move = (movements: unknown[], extra?: Record<string, string>) =>
  call('POST', '/stock-movements', { movements }, extra);

const tracked = (quantity: number, extra: Record<string, unknown> = {}, workspace = workspaceId) =>
  api.make.product(workspace, { trackStock: true, stockQuantity: quantity, ...extra });

async function productRow(id: string) {
  const [row] = await api.db.orm.em
    .fork()
    .execute<{ stock_quantity: string; cost_price: string }[]>(
      'select stock_quantity, cost_price from products where id = ?',
      [id],
    );
  return { quantity: Number(row?.stock_quantity), cost: Number(row?.cost_price) };
}

const eventsOf = (productId: string) => eventsAbout<Record<string, unknown>>(api, productId, 'productId');

const ledgerOf = (productId: string) =>
  api.db.orm.em
    .fork()
    .execute<Record<string, unknown>[]>(
      'select * from stock_movements where product_id = ? order by created_at, id',
      [productId],
    );

describe('POST /products/{id}/adjust', () => {
  it('sets the stock to the count, answers the AdjustResult, writes the ledger and records stock.adjusted', async () => {
    const product = await tracked(12, { stockThreshold: 2 });
    const { status, body } = await adjust(product.id, {
      countedQuantity: 9.5,
      note: 'Inventaire de novembre',
    });
    expect(status).toBe(200);
    expect(body.data).toEqual({
      productId: product.id,
      before: 12,
      after: 9.5,
      delta: -2.5,
      movementId: idOf('mov'),
    });
    expect(await productRow(product.id)).toMatchObject({ quantity: 9.5 });
    const [entry] = await ledgerOf(product.id);
    expect(entry).toMatchObject({
      id: body.data.movementId,
      kind: 'adjustment',
      quantity_before: '12.0000',
      quantity_after: '9.5000',
      delta: '-2.5000',
      reason: 'Inventaire de novembre',
    });
    expect(await eventsOf(product.id)).toEqual([
      {
        type: 'stock.adjusted',
        data: { ...body.data, note: 'Inventaire de novembre', stockState: 'ok' },
      },
    ]);
    const read = await call('GET', `/products/${product.id}`);
    expect(read.body.data).toMatchObject({ stockQuantity: 9.5, stockState: 'ok' });
  });

  it('records a count equal to the stock (delta 0) and emits stock.adjusted', async () => {
    const product = await tracked(4);
    const { status, body } = await adjust(product.id, { countedQuantity: 4 });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ before: 4, after: 4, delta: 0 });
    expect(await ledgerOf(product.id)).toHaveLength(1);
    expect((await eventsOf(product.id)).map((event) => event.type)).toEqual(['stock.adjusted']);
  });

  it('emits stock.low and stock.out on entering the state, not again while it stays there', async () => {
    const product = await tracked(10, { stockThreshold: 3 });
    await adjust(product.id, { countedQuantity: 3 }); // ok -> low
    await adjust(product.id, { countedQuantity: 2 }); // low -> low
    await adjust(product.id, { countedQuantity: 0 }); // low -> out
    await adjust(product.id, { countedQuantity: 0 }); // out -> out
    await adjust(product.id, { countedQuantity: 8 }); // out -> ok
    await adjust(product.id, { countedQuantity: 1 }); // ok -> low
    expect((await eventsOf(product.id)).map((event) => event.type)).toEqual([
      'stock.adjusted',
      'stock.low',
      'stock.adjusted',
      'stock.adjusted',
      'stock.out',
      'stock.adjusted',
      'stock.adjusted',
      'stock.adjusted',
      'stock.low',
    ]);
    const low = (await eventsOf(product.id))[1];
    expect(low?.data).toMatchObject({
      productId: product.id,
      before: 10,
      after: 3,
      stockThreshold: 3,
      stockState: 'low',
    });
  });

  it('answers 422 stock_adjust_failed for a product that does not track stock, and writes nothing', async () => {
    const product = await api.make.product(workspaceId);
    await expectError(await adjust(product.id, { countedQuantity: 3 }), 422, 'stock_adjust_failed');
    expect(await ledgerOf(product.id)).toEqual([]);
    expect(await eventsOf(product.id)).toEqual([]);
  });

  it('validates the body: countedQuantity 0 or more (4 decimals at most), note up to 280 characters', async () => {
    const product = await tracked(5);
    for (const [json, path] of [
      [{}, 'countedQuantity'],
      [{ countedQuantity: -1 }, 'countedQuantity'],
      [{ countedQuantity: '3' }, 'countedQuantity'],
      [{ countedQuantity: 1.00001 }, 'countedQuantity'],
      [{ countedQuantity: 1, note: 'x'.repeat(281) }, 'note'],
      [{ countedQuantity: 1, expectedQuantity: 'five' }, 'expectedQuantity'],
    ] as const) {
      await expectInvalidBody(await adjust(product.id, json), path);
    }
    const boundary = await adjust(product.id, { countedQuantity: 0, note: 'x'.repeat(280) });
    expect(boundary.status).toBe(200);
    expect((await adjust(product.id, { countedQuantity: 1.0001 })).status).toBe(200);
    expect(await ledgerOf(product.id)).toHaveLength(2);
  });

  it('applies a compare-and-set only when the stock still equals expectedQuantity (else 409 with the quantity)', async () => {
    const product = await tracked(7);
    const refused = await adjust(product.id, { countedQuantity: 3, expectedQuantity: 6 });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'stock_quantity_mismatch',
      details: [{ path: 'expectedQuantity', message: 'current quantity is 7' }],
    });
    expect(await ledgerOf(product.id)).toEqual([]);
    const accepted = await adjust(product.id, { countedQuantity: 3, expectedQuantity: 7 });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({ before: 7, after: 3, delta: -4 });
  });
});

describe('POST /products/{id}/adjust, concurrent counts (written together, one statement for several)', () => {
  it('applies counts of one product one after the other: each starts where the one before left it', async () => {
    const product = await tracked(50);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        adjust(
          product.id,
          { countedQuantity: index + 1 },
          index % 2 === 0 ? { 'idempotency-key': `chain-count-${index}` } : {},
        ),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    const ledger = await ledgerOf(product.id);
    expect(ledger).toHaveLength(20);
    // The counts are all different: following each entry to the one that started from its
    // quantity walks the whole ledger from the stock before them to the stock now.
    const startingFrom = new Map(ledger.map((entry) => [Number(entry.quantity_before), entry]));
    let quantity = 50;
    for (let step = 0; step < 20; step++) {
      const entry = startingFrom.get(quantity);
      expect(entry, `no count started from ${quantity}`).toBeDefined();
      quantity = Number(entry?.quantity_after);
    }
    expect(await productRow(product.id)).toMatchObject({ quantity });
    // Every answer is its ledger entry.
    for (const { body } of answers) {
      const entry = ledger.find((row) => row.id === body.data.movementId);
      expect([Number(entry?.quantity_before), Number(entry?.quantity_after)]).toEqual([
        body.data.before,
        body.data.after,
      ]);
    }
  });

  it('applies once for 20 concurrent counts with one key; every answer is the same', async () => {
    const product = await tracked(100);
    const idempotency = { 'idempotency-key': 'concurrent-count-01' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => adjust(product.id, { countedQuantity: 93 }, idempotency)),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(200));
    expect(results.filter((result) => result.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    for (const result of results) expect(result.body).toEqual(results[0]?.body);
    expect(await ledgerOf(product.id)).toHaveLength(1);
    expect(await eventsOf(product.id)).toHaveLength(1);
  });

  it('answers each count on its own: a refused one writes nothing and its refusal is the key’s answer', async () => {
    const live = await Promise.all([tracked(5), tracked(6), tracked(7)]);
    const archived = await tracked(8);
    await createComptoirClient({ url: api.baseUrl, apiKey: key }).products.archive.mutate({
      id: archived.id,
    });
    const untracked = await api.make.product(workspaceId);
    const mismatched = await tracked(9);
    const missing = `prd_${'0'.repeat(26)}`;
    const sent = [
      ...live.map((product) => ({ id: product.id, json: { countedQuantity: 1 }, status: 200 })),
      { id: archived.id, json: { countedQuantity: 1 }, status: 422 },
      { id: untracked.id, json: { countedQuantity: 1 }, status: 422 },
      { id: mismatched.id, json: { countedQuantity: 1, expectedQuantity: 3 }, status: 409 },
      { id: missing, json: { countedQuantity: 1 }, status: 404 },
    ].map((count, index) => ({ ...count, key: { 'idempotency-key': `batch-of-counts-${index}` } }));
    const send = () => Promise.all(sent.map((count) => adjust(count.id, count.json, count.key)));
    const first = await send();
    expect(first.map((answer) => answer.status)).toEqual(sent.map((count) => count.status));
    for (const product of live) {
      expect(await ledgerOf(product.id)).toHaveLength(1);
      expect(await productRow(product.id)).toMatchObject({ quantity: 1 });
    }
    for (const product of [archived, untracked, mismatched]) {
      expect(await ledgerOf(product.id)).toEqual([]);
      expect(await eventsOf(product.id)).toEqual([]);
    }
    expect(await productRow(mismatched.id)).toMatchObject({ quantity: 9 });
    const replayed = await send();
    expect(replayed.map((answer) => answer.status)).toEqual(sent.map((count) => count.status));
    for (const [index, answer] of replayed.entries()) {
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
      expect(answer.body).toEqual(first[index]?.body);
    }
    for (const product of live) expect(await ledgerOf(product.id)).toHaveLength(1);
  });

  it('waits for a product locked longer than a key’s wait, and applies: only the claim’s wait is bounded', async () => {
    const product = await tracked(10);
    const em = api.db.orm.em.fork();
    await em.begin();
    let answer: Awaited<ReturnType<typeof adjust>> | undefined;
    try {
      await em.execute('select id from products where id = ? for update', [product.id]);
      const pending = adjust(product.id, { countedQuantity: 2 }, { 'idempotency-key': 'slow-product-lock' });
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      await em.rollback();
      answer = await pending;
    } finally {
      if (em.isInTransaction()) await em.rollback();
    }
    expect(answer?.status).toBe(200);
    expect(answer?.body.data).toMatchObject({ before: 10, after: 2 });
  }, 15_000);

  it('answers 409 for a key held by another request, while the counts sent with it apply', async () => {
    const held = await tracked(10);
    const others = await Promise.all([tracked(1), tracked(2), tracked(3)]);
    const heldKey = 'held-among-others';
    const em = api.db.orm.em.fork();
    await em.begin();
    try {
      await em.execute(
        "insert into idempotency_keys (workspace_id, endpoint, key, fingerprint, status, body) values (?, 'products.adjust', ?, 'x', 0, 'null')",
        [workspaceId, heldKey],
      );
      const started = Date.now();
      const timed = async (answer: ReturnType<typeof adjust>) => ({
        answer: await answer,
        ms: Date.now() - started,
      });
      const [heldCount, ...beside] = await Promise.all([
        timed(adjust(held.id, { countedQuantity: 1 }, { 'idempotency-key': heldKey })),
        ...others.map((product, index) =>
          timed(
            adjust(product.id, { countedQuantity: 0 }, { 'idempotency-key': `beside-the-held-${index}` }),
          ),
        ),
      ]);
      await expectError(
        heldCount?.answer as Awaited<ReturnType<typeof adjust>>,
        409,
        'idempotency_key_in_use',
      );
      expect(heldCount?.ms).toBeGreaterThanOrEqual(4_500);
      // Not held up by the count waiting for its key, though they may share its batch.
      expect(beside.map(({ answer }) => answer.status)).toEqual([200, 200, 200]);
      for (const { ms } of beside) expect(ms).toBeLessThan(2_000);
    } finally {
      await em.rollback();
    }
    expect(await ledgerOf(held.id)).toEqual([]);
    for (const product of others) expect(await productRow(product.id)).toMatchObject({ quantity: 0 });
  }, 20_000);
});

describe('POST /stock-movements', () => {
  it('answers 200 when every movement applies, in order, chaining one product, each with its movementId', async () => {
    const a = await tracked(10);
    const b = await tracked(0);
    const { status, body } = await move([
      { productId: a.id, quantity: -3, reason: 'Vente comptoir', refKind: 'ticket', refId: 'T-1' },
      { productId: b.id, quantity: 5.25 },
      { productId: a.id, quantity: -2 },
    ]);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      applied: [
        {
          index: 0,
          productId: a.id,
          before: 10,
          after: 7,
          delta: -3,
          movementId: idOf('mov'),
        },
        {
          index: 1,
          productId: b.id,
          before: 0,
          after: 5.25,
          delta: 5.25,
          movementId: idOf('mov'),
        },
        {
          index: 2,
          productId: a.id,
          before: 7,
          after: 5,
          delta: -2,
          movementId: idOf('mov'),
        },
      ],
      errors: [],
    });
    expect(await productRow(a.id)).toMatchObject({ quantity: 5 });
    expect(await productRow(b.id)).toMatchObject({ quantity: 5.25 });
    const ledger = await ledgerOf(a.id);
    expect(ledger.map((entry) => [entry.id, entry.kind, entry.reason, entry.ref_kind, entry.ref_id])).toEqual(
      [
        [body.data.applied[0]?.movementId, 'movement', 'Vente comptoir', 'ticket', 'T-1'],
        [body.data.applied[2]?.movementId, 'movement', null, null, null],
      ],
    );
    expect(await eventsOf(a.id)).toEqual([
      {
        type: 'stock.movement',
        data: {
          productId: a.id,
          before: 10,
          after: 7,
          delta: -3,
          movementId: body.data.applied[0]?.movementId,
          reason: 'Vente comptoir',
          refKind: 'ticket',
          refId: 'T-1',
          unitCost: null,
          stockState: 'ok',
        },
      },
      expect.objectContaining({
        type: 'stock.movement',
        data: expect.objectContaining({ before: 7, after: 5 }),
      }),
    ]);
  });

  it('answers 207 with applied and errors separated; a refused movement never undoes another', async () => {
    const ok = await tracked(3);
    const untracked = await api.make.product(workspaceId);
    const low = await tracked(1);
    const { status, body } = await move([
      { productId: ok.id, quantity: -1 },
      { productId: 'prd_0000000000000000000000000z', quantity: 1 },
      { productId: untracked.id, quantity: 1 },
      { productId: low.id, quantity: -2 },
      { productId: ok.id, quantity: -1 },
    ]);
    expect(status).toBe(207);
    expect(body.data.applied.map((item) => [item.index, item.productId, item.after])).toEqual([
      [0, ok.id, 2],
      [4, ok.id, 1],
    ]);
    expect(body.data.errors).toEqual([
      { index: 1, productId: 'prd_0000000000000000000000000z', error: 'product_not_found' },
      { index: 2, productId: untracked.id, error: 'stock_not_tracked' },
      { index: 3, productId: low.id, error: 'negative_stock_blocked' },
    ]);
    expect(await productRow(low.id)).toMatchObject({ quantity: 1 });
    expect(await eventsOf(low.id)).toEqual([]);
    expect(await productRow(ok.id)).toMatchObject({ quantity: 1 });
  });

  it('answers 422 stock_adjust_failed with the errors under data when nothing applies', async () => {
    const empty = await tracked(0);
    const other = await api.make.workspace();
    const foreign = await tracked(50, {}, other.id);
    const { status, body } = await move([
      { productId: empty.id, quantity: -1 },
      { productId: foreign.id, quantity: -1 },
    ]);
    expect(status).toBe(422);
    expect(body).toEqual({
      error: { code: 'stock_adjust_failed', message: expect.any(String) },
      data: {
        applied: [],
        errors: [
          { index: 0, productId: empty.id, error: 'negative_stock_blocked' },
          { index: 1, productId: foreign.id, error: 'product_not_found' },
        ],
      },
    });
    expect(await productRow(foreign.id)).toMatchObject({ quantity: 50 });
  });

  it('emits stock.low / stock.out when a movement enters the state, once', async () => {
    const product = await tracked(5, { stockThreshold: 2 });
    const { body } = await move([
      { productId: product.id, quantity: -2 }, // 3 ok
      { productId: product.id, quantity: -1 }, // 2 low
      { productId: product.id, quantity: -1 }, // 1 low
      { productId: product.id, quantity: -1 }, // 0 out
      { productId: product.id, quantity: 4 }, // 4 ok
    ]);
    expect((await eventsOf(product.id)).map((event) => [event.type, event.data.movementId])).toEqual([
      ['stock.movement', body.data.applied[0]?.movementId],
      ['stock.movement', body.data.applied[1]?.movementId],
      ['stock.low', body.data.applied[1]?.movementId],
      ['stock.movement', body.data.applied[2]?.movementId],
      ['stock.movement', body.data.applied[3]?.movementId],
      ['stock.out', body.data.applied[3]?.movementId],
      ['stock.movement', body.data.applied[4]?.movementId],
    ]);
  });

  it('keeps costPrice as a weighted average cost of positive movements with unitCost', async () => {
    const product = await tracked(10, { costPrice: 4 });
    await move([{ productId: product.id, quantity: 30, unitCost: 6 }]);
    // (10 × 4 + 30 × 6) / 40 = 5.5
    expect(await productRow(product.id)).toEqual({ quantity: 40, cost: 5.5 });
    // An exit, even with a unitCost, keeps the average: 5.5.
    await move([{ productId: product.id, quantity: -25, unitCost: 100 }]);
    expect(await productRow(product.id)).toEqual({ quantity: 15, cost: 5.5 });
    // (15 × 5.5 + 7 × 2.35) / 22 = (82.5 + 16.45) / 22 = 4.497727… -> 4.4977
    await move([{ productId: product.id, quantity: 7, unitCost: 2.35 }]);
    expect(await productRow(product.id)).toEqual({ quantity: 22, cost: 4.4977 });
    // Without unitCost an entry keeps the average.
    await move([{ productId: product.id, quantity: 3 }]);
    expect(await productRow(product.id)).toEqual({ quantity: 25, cost: 4.4977 });
    const read = await call('GET', `/products/${product.id}`);
    expect(read.body.data).toMatchObject({ costPrice: 4.4977, stockQuantity: 25 });
    const [entry] = await ledgerOf(product.id);
    expect(entry).toMatchObject({ unit_cost: '6.0000' });
  });

  it('values an entry into negative stock at its own cost (nothing on hand to average)', async () => {
    const allowing = await api.make.workspace('Allowing', 'allow');
    const allowKey = await api.make.key(allowing.id);
    const product = await tracked(2, { costPrice: 10 }, allowing.id);
    const auth = bearer(allowKey.key);
    expect((await move([{ productId: product.id, quantity: -5 }], auth)).status).toBe(200);
    await move([{ productId: product.id, quantity: 4, unitCost: 3 }], auth);
    expect(await productRow(product.id)).toEqual({ quantity: 1, cost: 3 });
  });

  it('under allow, lets stock go negative, with stockState out', async () => {
    const allowing = await api.make.workspace('Allowing 2', 'allow');
    const allowKey = await api.make.key(allowing.id);
    const product = await tracked(1, {}, allowing.id);
    const { status, body } = await move([{ productId: product.id, quantity: -3 }], bearer(allowKey.key));
    expect(status).toBe(200);
    expect(body.data.applied[0]).toMatchObject({ before: 1, after: -2 });
    const read = await api.request(`/api/v1/products/${product.id}`, { headers: bearer(allowKey.key) });
    expect(((await read.json()) as Body).data).toMatchObject({ stockQuantity: -2, stockState: 'out' });
    expect((await eventsOf(product.id)).map((event) => event.type)).toEqual(['stock.movement', 'stock.out']);
  });

  it('under block, accepts an entry into still-negative stock (only exits are refused)', async () => {
    const allowing = await api.make.workspace('Switching', 'allow');
    const allowKey = bearer((await api.make.key(allowing.id)).key);
    const product = await tracked(0, {}, allowing.id);
    await move([{ productId: product.id, quantity: -5 }], allowKey);
    await api.db.orm.em
      .fork()
      .execute("update workspaces set negative_stock = 'block' where id = ?", [allowing.id]);
    const { status, body } = await move(
      [
        { productId: product.id, quantity: 2 },
        { productId: product.id, quantity: -1 },
      ],
      allowKey,
    );
    expect(status).toBe(207);
    expect(body.data.applied.map((item) => item.after)).toEqual([-3]);
    expect(body.data.errors.map((item) => item.error)).toEqual(['negative_stock_blocked']);
  });

  it('validates the batch: 1 to 200 movements, quantity not 0, unitCost 0 or more, string limits', async () => {
    const product = await tracked(1000);
    const valid = { productId: product.id, quantity: 1 };
    for (const [json, path] of [
      [{ movements: [] }, 'movements'],
      [{ movements: Array.from({ length: 201 }, () => valid) }, 'movements'],
      [{}, 'movements'],
      [{ movements: [{ ...valid, quantity: 0 }] }, 'movements.0.quantity'],
      [{ movements: [{ productId: product.id }] }, 'movements.0.quantity'],
      [{ movements: [{ ...valid, unitCost: -1 }] }, 'movements.0.unitCost'],
      [{ movements: [{ ...valid, reason: 'x'.repeat(281) }] }, 'movements.0.reason'],
      [{ movements: [{ ...valid, refKind: 'x'.repeat(61) }] }, 'movements.0.refKind'],
      [{ movements: [{ ...valid, refId: 'x'.repeat(121) }] }, 'movements.0.refId'],
      [{ movements: [valid, { ...valid, productId: '' }] }, 'movements.1.productId'],
    ] as const) {
      await expectInvalidBody(await call('POST', '/stock-movements', json), path);
    }
    expect(await ledgerOf(product.id)).toEqual([]);
    const boundary = await call('POST', '/stock-movements', {
      movements: Array.from({ length: 200 }, (_, index) => ({
        ...valid,
        unitCost: 0,
        reason: 'x'.repeat(280),
        refKind: 'k'.repeat(60),
        refId: `${index}`.padEnd(120, 'i'),
      })),
    });
    expect(boundary.status).toBe(200);
    expect(boundary.body.data.applied).toHaveLength(200);
    expect(await productRow(product.id)).toMatchObject({ quantity: 1200 });
  });

  it('refuses a movement that would leave the stock beyond what it can hold', async () => {
    const product = await tracked(0);
    const { status, body } = await move(
      Array.from({ length: 101 }, () => ({ productId: product.id, quantity: 1e12 })),
    );
    expect(status).toBe(207);
    expect(body.data.applied).toHaveLength(99);
    expect(body.data.errors.map((error) => error.error)).toEqual([
      'quantity_out_of_range',
      'quantity_out_of_range',
    ]);
  });

  it('applies exactly 30 of 50 concurrent -1 movements on a product holding 30, leaving 0', async () => {
    const product = await tracked(30);
    const results = await Promise.all(
      Array.from({ length: 50 }, () => move([{ productId: product.id, quantity: -1 }])),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(30);
    expect(results.filter((result) => result.status === 422)).toHaveLength(20);
    expect(await productRow(product.id)).toMatchObject({ quantity: 0 });
    const afters = results.flatMap((result) => result.body.data.applied.map((item) => item.after));
    expect(afters.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, index) => index));
    const events = await eventsOf(product.id);
    expect(events.filter((event) => event.type === 'stock.movement')).toHaveLength(30);
    expect(events.filter((event) => event.type === 'stock.out')).toHaveLength(1);
  });

  it('applies exactly 30 of 50 when the requests are split over two API processes', async () => {
    const second = await startApiProcess(api.db.url);
    try {
      const product = await tracked(30);
      const send = (baseUrl: string) =>
        fetch(`${baseUrl}/api/v1/stock-movements`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ movements: [{ productId: product.id, quantity: -1 }] }),
        }).then((response) => response.status);
      const statuses = await Promise.all(
        Array.from({ length: 50 }, (_, index) => send(index % 2 === 0 ? api.baseUrl : second.baseUrl)),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(30);
      expect(statuses.filter((status) => status === 422)).toHaveLength(20);
      expect(await productRow(product.id)).toMatchObject({ quantity: 0 });
      expect(await ledgerOf(product.id)).toHaveLength(30);
    } finally {
      await second.close();
    }
  });
});

describe('Idempotency-Key', () => {
  it('replays the stored status and body with Idempotent-Replayed, applying nothing again', async () => {
    const product = await tracked(10);
    const idempotency = { 'idempotency-key': 'adjust-replay-0001' };
    const first = await adjust(product.id, { countedQuantity: 4 }, idempotency);
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await adjust(product.id, { countedQuantity: 4 }, idempotency);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(await ledgerOf(product.id)).toHaveLength(1);
    expect(await eventsOf(product.id)).toHaveLength(1);
  });

  it('replays a 207 and a 422 as they were', async () => {
    const product = await tracked(1);
    const batch = [
      { productId: product.id, quantity: -1 },
      { productId: product.id, quantity: -1 },
    ];
    const partial = await move(batch, { 'idempotency-key': 'batch-partial-01' });
    expect(partial.status).toBe(207);
    await move([{ productId: product.id, quantity: 5 }]);
    const replayed = await move(batch, { 'idempotency-key': 'batch-partial-01' });
    expect(replayed.status).toBe(207);
    expect(replayed.body).toEqual(partial.body);
    expect(await productRow(product.id)).toMatchObject({ quantity: 5 });

    const refusedBatch = [{ productId: product.id, quantity: -100 }];
    const refused = await move(refusedBatch, { 'idempotency-key': 'batch-refused-1' });
    expect(refused.status).toBe(422);
    await move([{ productId: product.id, quantity: 200 }]);
    const refusedAgain = await move(refusedBatch, { 'idempotency-key': 'batch-refused-1' });
    expect(refusedAgain.status).toBe(422);
    expect(refusedAgain.headers.get('idempotent-replayed')).toBe('true');
    expect(refusedAgain.body).toEqual(refused.body);
  });

  it('answers 422 idempotency_key_mismatch for the same key with another body', async () => {
    const product = await tracked(10);
    const idempotency = { 'idempotency-key': 'adjust-mismatch-1' };
    expect((await adjust(product.id, { countedQuantity: 4 }, idempotency)).status).toBe(200);
    await expectError(
      await adjust(product.id, { countedQuantity: 5 }, idempotency),
      422,
      'idempotency_key_mismatch',
    );
    const otherProduct = await tracked(1);
    expect((await adjust(otherProduct.id, { countedQuantity: 4 }, idempotency)).body.error?.code).toBe(
      'idempotency_key_mismatch',
    );
    // The same fields in another order are the same body.
    const reordered = await call(
      'POST',
      '/stock-movements',
      { movements: [{ quantity: 1, productId: product.id }] },
      { 'idempotency-key': 'order-insensitive' },
    );
    const original = await call(
      'POST',
      '/stock-movements',
      { movements: [{ productId: product.id, quantity: 1 }] },
      { 'idempotency-key': 'order-insensitive' },
    );
    expect(original.headers.get('idempotent-replayed')).toBe('true');
    expect(original.body).toEqual(reordered.body);
  });

  it('scopes keys to the endpoint and to the workspace', async () => {
    const product = await tracked(10);
    const idempotency = { 'idempotency-key': 'shared-key-0001' };
    expect((await adjust(product.id, { countedQuantity: 4 }, idempotency)).status).toBe(200);
    const batch = await move([{ productId: product.id, quantity: 1 }], idempotency);
    expect(batch.status).toBe(200);
    expect(batch.headers.get('idempotent-replayed')).toBeNull();
    const other = await api.make.workspace();
    const otherKey = bearer((await api.make.key(other.id)).key);
    const foreign = await tracked(3, {}, other.id);
    const theirs = await adjust(foreign.id, { countedQuantity: 1 }, { ...otherKey, ...idempotency });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
  });

  it('checks the key length: 8 to 255 characters, else 400 invalid_idempotency_key', async () => {
    const product = await tracked(10);
    for (const length of [7, 256]) {
      const refused = await adjust(
        product.id,
        { countedQuantity: 1 },
        { 'idempotency-key': 'k'.repeat(length) },
      );
      await expectError(refused, 400, 'invalid_idempotency_key');
    }
    for (const length of [8, 255]) {
      expect(
        (await adjust(product.id, { countedQuantity: length }, { 'idempotency-key': 'k'.repeat(length) }))
          .status,
      ).toBe(200);
    }
    expect(await ledgerOf(product.id)).toHaveLength(2);
  });

  it('stores nothing for an invalid body: the key can then be used with a valid one', async () => {
    const product = await tracked(10);
    const idempotency = { 'idempotency-key': 'fix-and-retry-1' };
    expect((await adjust(product.id, { countedQuantity: -1 }, idempotency)).status).toBe(400);
    const fixed = await adjust(product.id, { countedQuantity: 1 }, idempotency);
    expect(fixed.status).toBe(200);
    expect(fixed.headers.get('idempotent-replayed')).toBeNull();
  });

  it('applies once for 20 concurrent requests with one key; every answer is the same', async () => {
    const product = await tracked(100);
    const idempotency = { 'idempotency-key': 'concurrent-key-01' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => move([{ productId: product.id, quantity: -7 }], idempotency)),
    );
    expect(results.map((result) => result.status)).toEqual(Array(20).fill(200));
    expect(results.filter((result) => result.headers.get('idempotent-replayed') === 'true')).toHaveLength(19);
    for (const result of results) expect(result.body).toEqual(results[0]?.body);
    expect(await productRow(product.id)).toMatchObject({ quantity: 93 });
    expect(await ledgerOf(product.id)).toHaveLength(1);
    expect(await eventsOf(product.id)).toHaveLength(1);
  });

  it('answers 409 idempotency_key_in_use while the first request holds the key too long', async () => {
    const product = await tracked(10);
    const idempotency = { 'idempotency-key': 'held-by-a-slow-one' };
    // A transaction that claimed the key and has not finished yet.
    const em = api.db.orm.em.fork();
    await em.begin();
    try {
      await em.execute(
        "insert into idempotency_keys (workspace_id, endpoint, key, fingerprint, status, body) values (?, 'products.adjust', ?, 'x', 0, 'null')",
        [workspaceId, idempotency['idempotency-key']],
      );
      const started = Date.now();
      await expectError(
        await adjust(product.id, { countedQuantity: 1 }, idempotency),
        409,
        'idempotency_key_in_use',
      );
      expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    } finally {
      await em.rollback();
    }
    // Once the holder gave up, the key is free.
    expect((await adjust(product.id, { countedQuantity: 1 }, idempotency)).status).toBe(200);
    expect(await ledgerOf(product.id)).toHaveLength(1);
  }, 15_000);

  it('forgets results after 24 hours', async () => {
    const product = await tracked(10);
    const idempotency = { 'idempotency-key': 'expires-after-a-day' };
    expect((await adjust(product.id, { countedQuantity: 4 }, idempotency)).status).toBe(200);
    await api.db.orm.em
      .fork()
      .execute("update idempotency_keys set created_at = now() - interval '25 hours' where key = ?", [
        idempotency['idempotency-key'],
      ]);
    const later = await adjust(product.id, { countedQuantity: 6 }, idempotency);
    expect(later.status).toBe(200);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.data).toMatchObject({ before: 4, after: 6 });
  });

  it('works over tRPC too: one apply, then replays; a refused batch carries its result', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const product = await tracked(3);
    const input = { movements: [{ productId: product.id, quantity: -1 }] };
    const context = { idempotencyKey: 'trpc-idempotent-1' };
    const first = await client.stockMovements.applyBatch.mutate(input, { context });
    const second = await client.stockMovements.applyBatch.mutate(input, { context });
    expect(second).toEqual(first);
    expect(await productRow(product.id)).toMatchObject({ quantity: 2 });
    const adjusted = await client.products.adjust.mutate({ id: product.id, countedQuantity: 8 });
    expect(adjusted.data).toMatchObject({ before: 2, after: 8, delta: 6 });
    const failure = client.stockMovements.applyBatch.mutate({
      movements: [{ productId: product.id, quantity: -9 }],
    });
    expect(await trpcErrorOf(failure)).toMatchObject({
      code: 'stock_adjust_failed',
      httpStatus: 422,
      extra: {
        data: { applied: [], errors: [{ index: 0, productId: product.id, error: 'negative_stock_blocked' }] },
      },
    });
  });
});

describe('GET /stock-movements', () => {
  it('lists the ledger newest first, filtered by product and time range, paged', async () => {
    const ledgerWorkspace = await api.make.workspace();
    const ledgerKey = await api.make.key(ledgerWorkspace.id);
    const auth = bearer(ledgerKey.key);
    const a = await tracked(10, {}, ledgerWorkspace.id);
    const b = await tracked(10, {}, ledgerWorkspace.id);
    const first = await move(
      [
        { productId: a.id, quantity: -1, reason: 'casse', refKind: 'incident', refId: 'I-9', unitCost: 2 },
        { productId: b.id, quantity: 2 },
      ],
      auth,
    );
    const boundary = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await adjust(a.id, { countedQuantity: 5, note: 'recomptage' }, auth);

    const all = await call('GET', '/stock-movements', undefined, auth);
    const list = all.body as unknown as { data: Record<string, unknown>[]; pagination: unknown };
    expect(all.status).toBe(200);
    expect(list.pagination).toEqual({ total: 3, limit: 20, offset: 0 });
    expect(list.data.map((entry) => [entry.productId, entry.kind, entry.delta])).toEqual([
      [a.id, 'adjustment', -4],
      [b.id, 'movement', 2],
      [a.id, 'movement', -1],
    ]);
    expect(list.data[2]).toEqual({
      id: first.body.data.applied[0]?.movementId,
      productId: a.id,
      kind: 'movement',
      before: 10,
      after: 9,
      delta: -1,
      reason: 'casse',
      refKind: 'incident',
      refId: 'I-9',
      unitCost: 2,
      apiKeyId: ledgerKey.id,
      createdAt: expect.any(String),
    });
    expect(list.data[0]).toMatchObject({ reason: 'recomptage', unitCost: null, before: 9, after: 5 });

    const ofA = (await call('GET', `/stock-movements?productId=${a.id}`, undefined, auth))
      .body as unknown as {
      data: { kind: string }[];
    };
    expect(ofA.data.map((entry) => entry.kind)).toEqual(['adjustment', 'movement']);
    const since = (
      await call('GET', `/stock-movements?from=${encodeURIComponent(boundary)}`, undefined, auth)
    ).body as unknown as { data: { kind: string }[] };
    expect(since.data.map((entry) => entry.kind)).toEqual(['adjustment']);
    const before = (await call('GET', `/stock-movements?to=${encodeURIComponent(boundary)}`, undefined, auth))
      .body as unknown as { data: unknown[] };
    expect(before.data).toHaveLength(2);
    const page = (await call('GET', '/stock-movements?limit=1&offset=1', undefined, auth))
      .body as unknown as {
      data: { productId: string }[];
      pagination: unknown;
    };
    expect(page.data.map((entry) => entry.productId)).toEqual([b.id]);
    expect(page.pagination).toEqual({ total: 3, limit: 1, offset: 1 });
    // Another workspace sees none of it.
    const mine = (await call('GET', `/stock-movements?productId=${a.id}`)).body as unknown as {
      data: unknown[];
    };
    expect(mine.data).toEqual([]);
  });

  it.each(['from=yesterday', 'to=2026-13-01T00:00:00Z'])(
    'answers 400 invalid_request for %s, naming the parameter first',
    async (query) => {
      const parameter = query.split('=')[0] ?? '';
      const error = await expectInvalidRequest(await call('GET', `/stock-movements?${query}`), parameter);
      expect(error.details?.[0]?.path).toBe(parameter);
    },
  );
});
