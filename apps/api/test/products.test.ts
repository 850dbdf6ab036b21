import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  bearer,
  expectInvalidRequest,
  expectTrpcError,
  getOk,
  isoDateTime,
  type ListBody,
} from './support/index.ts';

// Authentication, scopes, workspace isolation of the ids and list bounds: common-routes.test.ts.

interface ProductBody {
  id: string;
  name: string;
  stockState: string;
  stockQuantity: number | null;
  supplierId: string | null;
}

let api: TestApi;
let headers: Record<string, string>;
let key: string;
let workspaceId: string;
const ids: Record<string, string> = {};
let supplierId: string;

beforeAll(async () => {
  api = await startTestApi();
  const workspace = await api.make.workspace('Products');
  workspaceId = workspace.id;
  key = (await api.make.key(workspaceId, ['read:products', 'write:products'])).key;
  headers = bearer(key);
  supplierId = (await api.make.company(workspaceId, 'Fournisseur Général')).id;
  const make = (name: string, input: Record<string, unknown>) =>
    api.make.product(workspaceId, { name, ...input }).then((product) => {
      ids[name] = product.id;
    });
  await make('Crème brûlée', {
    reference: 'CB-001',
    barcode: '3760001',
    trackStock: true,
    stockQuantity: 50,
    stockThreshold: 10,
  });
  await make('Société chocolate', {
    reference: 'SOC-9',
    trackStock: true,
    stockQuantity: 5,
    stockThreshold: 10,
  });
  await make('Empty shelf', { reference: 'EMP_1', trackStock: true, stockQuantity: 0, stockThreshold: 2 });
  await make('Service hour', { trackStock: false, supplierId });
  await make('At threshold', { trackStock: true, stockQuantity: 10, stockThreshold: 10 });
  await make('No threshold', { trackStock: true, stockQuantity: 1, supplierId });
  // Another workspace's product with a matching name must never show.
  const other = await api.make.workspace('Other');
  ids.foreign = (await api.make.product(other.id, { name: 'Crème foreign', reference: 'CB-001' })).id;
});
afterAll(() => api.close());

const list = (query = '') => getOk<ListBody<ProductBody>>(api, `/products${query}`, headers);

describe('GET /products', () => {
  it('lists the workspace’s products by name with pagination', async () => {
    const body = await list();
    expect(body.pagination).toEqual({ total: 6, limit: 20, offset: 0 });
    expect(body.data.map((product) => product.name)).toEqual([
      'At threshold',
      'Crème brûlée',
      'Empty shelf',
      'No threshold',
      'Service hour',
      'Société chocolate',
    ]);
  });

  it('returns every field of the Product shape', async () => {
    const body = await list('?q=CB-001');
    expect(body.data).toHaveLength(1);
    expect(body.data[0]).toEqual({
      id: ids['Crème brûlée'],
      name: 'Crème brûlée',
      reference: 'CB-001',
      barcode: '3760001',
      unit: null,
      unitPrice: 0,
      costPrice: 0,
      taxRate: 0,
      supplierId: null,
      trackStock: true,
      stockQuantity: 50,
      stockThreshold: 10,
      stockState: 'ok',
      updatedAt: isoDateTime,
      archivedAt: null,
    });
  });

  it('derives stockState per the rulings', async () => {
    const states = Object.fromEntries(
      (await list()).data.map((product) => [product.name, product.stockState]),
    );
    expect(states).toEqual({
      'Crème brûlée': 'ok',
      'Société chocolate': 'low',
      'Empty shelf': 'out',
      'Service hour': 'untracked',
      'At threshold': 'low',
      'No threshold': 'ok',
    });
    const untracked = (await list('?trackStock=false')).data[0];
    expect(untracked?.stockQuantity).toBeNull();
  });

  it('pages with limit and offset', async () => {
    const first = await list('?limit=2&offset=0');
    const second = await list('?limit=2&offset=2');
    expect(first.data.map((product) => product.name)).toEqual(['At threshold', 'Crème brûlée']);
    expect(second.data.map((product) => product.name)).toEqual(['Empty shelf', 'No threshold']);
    expect(second.pagination).toEqual({ total: 6, limit: 2, offset: 2 });
    const beyond = await list('?offset=50');
    expect(beyond.data).toEqual([]);
    expect(beyond.pagination.total).toBe(6);
  });

  it('answers 400 invalid_request for ?trackStock=yes naming the parameter', async () => {
    await expectInvalidRequest(
      await api.request('/api/v1/products?trackStock=yes', { headers }),
      'trackStock',
    );
  });

  it('filters by trackStock', async () => {
    expect((await list('?trackStock=true')).data.map((product) => product.name)).not.toContain(
      'Service hour',
    );
    expect((await list('?trackStock=false')).data.map((product) => product.name)).toEqual(['Service hour']);
  });

  it.each([
    ['', 6],
    ['trackStock=true&', 5],
    ['trackStock=false&', 1],
    ['supplierId=SUPPLIER&', 2],
    ['supplierId=SUPPLIER&trackStock=false&', 1],
  ])('keeps the exact total of ?%s on a page and past the last one', async (filter, total) => {
    const query = filter.replace('SUPPLIER', supplierId);
    const firstPage = await list(`?${query}limit=1`);
    const beyond = await list(`?${query}offset=50`);
    expect(firstPage.pagination.total).toBe(total);
    expect(firstPage.data).toHaveLength(1);
    expect(beyond.pagination).toEqual({ total, limit: 20, offset: 50 });
    expect(beyond.data).toEqual([]);
  });

  it('filters by supplierId', async () => {
    const body = await list(`?supplierId=${supplierId}`);
    expect(body.data.map((product) => product.name)).toEqual(['No threshold', 'Service hour']);
    expect(body.data.every((product) => product.supplierId === supplierId)).toBe(true);
    expect((await list('?supplierId=cmp_unknown')).data).toEqual([]);
  });

  it.each([
    ['societe', ['Société chocolate']],
    ['CRÈME', ['Crème brûlée']],
    ['creme brulee', ['Crème brûlée']],
    ['e b', ['Crème brûlée']],
    ['ul', ['Crème brûlée']],
    ['rul', ['Crème brûlée']],
    ['brûlée\u0007', ['Crème brûlée']],
    ['soc-9', ['Société chocolate']],
    ['376000', ['Crème brûlée']],
    ['EMP_', ['Empty shelf']],
    ['%', []],
    ['_', ['Empty shelf']],
    ['xyz-nothing', []],
  ])(
    'q=%s finds a case- and accent-insensitive substring of name, reference or barcode',
    async (q, names) => {
      const body = await list(`?q=${encodeURIComponent(q)}`);
      expect(body.data.map((product) => product.name)).toEqual(names);
      expect(body.pagination.total).toBe(names.length);
    },
  );

  it('pages a search and keeps its total past the last match', async () => {
    const first = await list('?q=e&limit=2');
    const second = await list('?q=e&limit=2&offset=2');
    const beyond = await list('?q=e&limit=2&offset=40');
    const all = await list('?q=e&limit=100');
    expect(first.pagination.total).toBe(all.data.length);
    expect([...first.data, ...second.data].map((product) => product.id)).toEqual(
      all.data.slice(0, 4).map((product) => product.id),
    );
    expect(beyond).toEqual({ data: [], pagination: { total: all.data.length, limit: 2, offset: 40 } });
  });

  it('combines filters', async () => {
    const body = await list(`?trackStock=true&supplierId=${supplierId}&q=threshold`);
    expect(body.data.map((product) => product.name)).toEqual(['No threshold']);
  });

  it('follows an update of the name, reference and barcode', async () => {
    const workspace = await api.make.workspace('Renamed products');
    const own = (await api.make.key(workspace.id, ['read:products', 'write:products'])).key;
    const product = await api.make.product(workspace.id, {
      name: 'Pâté en croûte',
      reference: 'PEC-17',
      barcode: '3760042',
    });
    const found = async (q: string) =>
      (await getOk<ListBody<ProductBody>>(api, `/products?q=${encodeURIComponent(q)}`, bearer(own)))
        .pagination.total;
    expect([await found('pate en croute'), await found('pec-17'), await found('760042')]).toEqual([1, 1, 1]);
    // Updates are internal (tRPC only).
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own });
    await client.products.update.mutate({
      id: product.id,
      patch: { name: 'Terrine forestière', reference: 'TF-3', barcode: null },
    });
    expect([await found('pate en croute'), await found('pec-17'), await found('760042')]).toEqual([0, 0, 0]);
    expect([await found('FORESTIERE'), await found('tf-3')]).toEqual([1, 1]);
    // A change of anything else keeps the product found.
    await client.products.update.mutate({ id: product.id, patch: { unitPrice: 4.5 } });
    expect(await found('terrine')).toBe(1);
  });
});

describe('GET /products/{id}', () => {
  it('returns one product in a data envelope', async () => {
    const response = await api.request(`/api/v1/products/${ids['Empty shelf']}`, { headers });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: ProductBody };
    expect(body.data).toMatchObject({ id: ids['Empty shelf'], stockState: 'out', stockQuantity: 0 });
  });

  it('answers 404 for another workspace’s product, as if it did not exist', async () => {
    const response = await api.request(`/api/v1/products/${ids.foreign}`, { headers });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Product not found' } });
  });

  it('serves a typed-client batch of 40 calls (one path naming every procedure)', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const { data } = await list('?limit=1');
    const [first] = data;
    if (!first) throw new Error('no product');
    const reads = await Promise.all(
      Array.from({ length: 40 }, () => client.products.get.query({ id: first.id })),
    );
    expect(reads.map((read) => read.data.id)).toEqual(Array(40).fill(first.id));
  });

  it('does not decode path parameters into another id (trpc-to-openapi passes them raw)', async () => {
    const encoded = ids['Empty shelf']?.replace('_', '%5F');
    const response = await api.request(`/api/v1/products/${encoded}`, { headers });
    expect(response.status).toBe(404);
  });
});

describe('tRPC and REST answer the same procedure', () => {
  it('products.list and GET /products return identical data', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const viaTrpc = await client.products.list.query({ limit: 3, q: 'e' });
    const viaRest = await list('?limit=3&q=e');
    expect(viaTrpc).toEqual(viaRest);
  });

  it('products.get and GET /products/{id} return identical data', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const id = ids['Crème brûlée'] as string;
    const viaTrpc = await client.products.get.query({ id });
    const response = await api.request(`/api/v1/products/${id}`, { headers });
    expect(viaTrpc).toEqual(await response.json());
  });
});

describe('internal product writes (tRPC only)', () => {
  it('creates and updates a product; neither has a REST path', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const created = await client.products.create.mutate({
      name: 'Internal',
      trackStock: true,
      stockQuantity: 3,
    });
    expect(created.data).toMatchObject({ name: 'Internal', stockQuantity: 3, stockState: 'ok' });
    const updated = await client.products.update.mutate({
      id: created.data.id,
      patch: { stockThreshold: 5 },
    });
    expect(updated.data.stockState).toBe('low');
    const viaRest = await api.request('/api/v1/products', { method: 'POST', headers, json: { name: 'x' } });
    expect(viaRest.status).toBe(404);
  });

  it('does not coerce body values: a string where a number belongs is invalid_body', async () => {
    const response = await api.request('/trpc/products.create', {
      method: 'POST',
      headers,
      json: { name: 'Coerced?', unitPrice: '12' },
    });
    const error = await expectTrpcError(response, 400, 'invalid_body');
    expect(error.details?.[0]?.path).toBe('unitPrice');
  });

  it('refuses a supplier that is not a company of the workspace', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    await expect(
      client.products.create.mutate({ name: 'x', supplierId: 'cmp_00000000000000000000000000' }),
    ).rejects.toMatchObject({
      data: { httpStatus: 404, error: { code: 'company_not_found' } },
    });
  });
});
