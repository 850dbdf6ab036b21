import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callApi,
  callTrpc,
  databaseFingerprint,
  eventsAbout,
  expectError,
  expectTrpcError,
  freshWorkspace,
  getOk,
  isoDateTime,
  type ListBody,
  trpcErrorOf,
  type Workspace,
} from './support/index.ts';

// products.archive / products.restore (rulings: "Lifecycles"), part of the record updates
// (record-updates.test.ts). Authentication and scopes: common-routes.test.ts.

interface Product {
  id: string;
  name: string;
  stockQuantity: number | null;
  archivedAt: string | null;
}

let api: TestApi;
let workspace: Workspace;

beforeAll(async () => {
  api = await startTestApi();
  workspace = await freshWorkspace(api);
});
afterAll(() => api.close());

const mutate = (procedure: string, id: string, auth = workspace.headers) =>
  callTrpc<{ result: { data: { data: Product } } }>(api, procedure, 'mutation', { id }, auth);
async function ok(procedure: string, id: string): Promise<Product> {
  const answer = await mutate(procedure, id);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.data;
}
const list = (query: string, auth = workspace.headers) =>
  getOk<ListBody<Product>>(api, `/products${query}`, auth);
const listed = async (query: string, auth = workspace.headers) => {
  const body = await list(query, auth);
  return { names: body.data.map((product) => product.name), total: body.pagination.total };
};

describe('products.archive and products.restore', () => {
  // A workspace of its own: its lists hold exactly these products.
  let own: Workspace;
  let supplierId: string;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    own = await freshWorkspace(api);
    const supplier = await api.make.company(own.workspaceId, 'Moulin Vert');
    supplierId = supplier.id;
    const make = async (name: string, input: Record<string, unknown>) => {
      ids[name] = (await api.make.product(own.workspaceId, { name, ...input })).id;
    };
    await make('Farine T65', {
      reference: 'FAR-65',
      trackStock: true,
      stockQuantity: 20,
      supplierId: supplier.id,
    });
    await make('Farine T80', {
      reference: 'FAR-80',
      trackStock: true,
      stockQuantity: 5,
      supplierId: supplier.id,
    });
    await make('Livraison', { trackStock: false });
  });
  const ownList = (query: string) => listed(query, own.headers);
  const ownMutate = (procedure: string, id: string) => mutate(procedure, id, own.headers);

  it('takes an archived product out of lists, searches and their totals; GET shows archivedAt', async () => {
    const id = ids['Farine T65'] ?? '';
    const archived = await ownMutate('products.archive', id);
    expect(archived.status).toBe(200);
    expect(archived.body.result.data.data).toMatchObject({ id, archivedAt: isoDateTime, stockQuantity: 20 });
    expect(await ownList('')).toEqual({ names: ['Farine T80', 'Livraison'], total: 2 });
    expect(await ownList('?limit=1&offset=5')).toEqual({ names: [], total: 2 });
    expect(await ownList('?trackStock=true')).toEqual({ names: ['Farine T80'], total: 1 });
    expect(await ownList(`?supplierId=${supplierId}`)).toEqual({ names: ['Farine T80'], total: 1 });
    expect(await ownList('?q=farine')).toEqual({ names: ['Farine T80'], total: 1 });
    expect(await ownList('?q=FAR-65')).toEqual({ names: [], total: 0 });
    const got = await getOk<{ data: Product }>(api, `/products/${id}`, own.headers);
    expect(got.data).toEqual(archived.body.result.data.data);
  });

  it('restore brings it back into lists, searches and totals with archivedAt null', async () => {
    const id = ids['Farine T65'] ?? '';
    const restored = await ownMutate('products.restore', id);
    expect(restored.status).toBe(200);
    expect(restored.body.result.data.data).toMatchObject({ id, archivedAt: null });
    expect(await ownList('')).toEqual({ names: ['Farine T65', 'Farine T80', 'Livraison'], total: 3 });
    expect(await ownList('?trackStock=true')).toEqual({ names: ['Farine T65', 'Farine T80'], total: 2 });
    expect(await ownList('?q=FAR-65')).toEqual({ names: ['Farine T65'], total: 1 });
  });
});

describe('transitions and events', () => {
  it('records product.archived and product.restored carrying the product as answered', async () => {
    const { id } = await api.make.product(workspace.workspaceId, { name: 'Évènementiel' });
    const archived = await ok('products.archive', id);
    const restored = await ok('products.restore', id);
    expect(await eventsAbout(api, id)).toEqual([
      { type: 'product.archived', data: archived },
      { type: 'product.restored', data: restored },
    ]);
  });

  it('answers 409 invalid_transition to archiving an archived product or restoring a live one', async () => {
    const { id } = await api.make.product(workspace.workspaceId, { name: 'Deux fois' });
    const before = await databaseFingerprint(api);
    await expectTrpcError(await mutate('products.restore', id), 409, 'invalid_transition');
    expect(await databaseFingerprint(api)).toEqual(before);
    await ok('products.archive', id);
    const archived = await databaseFingerprint(api);
    await expectTrpcError(await mutate('products.archive', id), 409, 'invalid_transition');
    expect(await databaseFingerprint(api)).toEqual(archived);
    expect((await eventsAbout(api, id)).map((event) => event.type)).toEqual(['product.archived']);
  });

  it('answers 404 not_found for another workspace’s product and for unknown ids', async () => {
    const other = await freshWorkspace(api);
    const { id } = await api.make.product(other.workspaceId, { name: 'Étrangère' });
    for (const procedure of ['products.archive', 'products.restore']) {
      await expectTrpcError(await mutate(procedure, id), 404, 'not_found');
      await expectTrpcError(await mutate(procedure, 'prd_nope'), 404, 'not_found');
    }
    expect(await getOk<{ data: Product }>(api, `/products/${id}`, other.headers)).toMatchObject({
      data: { archivedAt: null },
    });
  });
});

describe('stock on an archived product', () => {
  const tracked = async (name: string, quantity: number) =>
    (await api.make.product(workspace.workspaceId, { name, trackStock: true, stockQuantity: quantity })).id;
  const call = (method: string, path: string, json: unknown) =>
    callApi<{ data: Record<string, unknown> }>(api, method, path, json, workspace.headers);

  it('refuses an adjustment with 422 product_archived, the stock unchanged', async () => {
    const id = await tracked('Inventoriée', 8);
    await ok('products.archive', id);
    const before = await databaseFingerprint(api);
    await expectError(
      await call('POST', `/products/${id}/adjust`, { countedQuantity: 3 }),
      422,
      'product_archived',
    );
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it('gives a movement on it a product_archived item in errors[], the others still applied', async () => {
    const archivedId = await tracked('Rangée', 8);
    const liveId = await tracked('Vivante', 8);
    await ok('products.archive', archivedId);
    const { status, body } = await call('POST', '/stock-movements', {
      movements: [
        { productId: archivedId, quantity: -1 },
        { productId: liveId, quantity: -1 },
      ],
    });
    expect(status).toBe(207);
    expect(body.data).toMatchObject({
      applied: [{ index: 1, productId: liveId, after: 7 }],
      errors: [{ index: 0, productId: archivedId, error: 'product_archived' }],
    });
    const alone = await call('POST', '/stock-movements', {
      movements: [{ productId: archivedId, quantity: 2 }],
    });
    expect(alone.status).toBe(422);
    expect(alone.body).toEqual({
      error: { code: 'stock_adjust_failed', message: expect.any(String) },
      data: { applied: [], errors: [{ index: 0, productId: archivedId, error: 'product_archived' }] },
    });
    const got = await getOk<{ data: Product }>(api, `/products/${archivedId}`, workspace.headers);
    expect(got.data.stockQuantity).toBe(8);
  });
});

describe('the typed client', () => {
  it('archives and restores through @comptoir/client and reads a refusal’s contract error', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: workspace.key });
    const { id } = await api.make.product(workspace.workspaceId, { name: 'Typée' });
    expect((await client.products.archive.mutate({ id })).data).toMatchObject({
      id,
      archivedAt: isoDateTime,
    });
    expect((await client.products.get.query({ id })).data.archivedAt).toEqual(expect.any(String));
    expect((await client.products.restore.mutate({ id })).data.archivedAt).toBeNull();
    const error = await trpcErrorOf(client.products.restore.mutate({ id }));
    expect(error.code).toBe('invalid_transition');
  });
});
