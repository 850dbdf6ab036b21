import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callApi,
  callTrpc,
  expectInvalidRequest,
  expectTrpcError,
  getOk,
  type ListBody,
  sellerWorkspace,
  type Workspace,
} from './support/index.ts';

// `q` on GET /invoices and GET /quotes (and invoices.list / quotes.list over tRPC): a case- and
// accent-insensitive substring of the number, the client's name or clientCompany, with `status`.

interface Document {
  id: string;
  number: string | null;
  status: string;
  clientName: string;
  clientCompany: string | null;
}

let api: TestApi;
let own: Workspace;
let other: Workspace;
const year = new Date().getUTCFullYear();

const line = { title: 'Pain', quantity: 1, unitPrice: 10, taxRate: 20 };
const clients = [
  { clientName: 'Émilie Dupont', clientCompany: 'Boulangerie Müller' },
  { clientName: 'Jean Martin', clientCompany: 'Société Générale' },
  { clientName: 'Zoé Lefèvre', clientCompany: null },
  { clientName: 'Pierre 50% Rabais', clientCompany: 'Café_du_Port' },
];

async function make(kind: 'invoices' | 'quotes', workspace: Workspace, client: (typeof clients)[number]) {
  const answer = await callApi<{ data: Document }>(
    api,
    'POST',
    `/${kind}`,
    {
      clientName: client.clientName,
      ...(client.clientCompany ? { clientCompany: client.clientCompany } : {}),
      clientEmail: 'client@example.test',
      lines: [line],
    },
    workspace.headers,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.data;
}

beforeAll(async () => {
  api = await startTestApi();
  own = await sellerWorkspace(api);
  other = await sellerWorkspace(api);
  for (const kind of ['invoices', 'quotes'] as const) {
    for (const client of clients) await make(kind, own, client);
    // Another workspace's records with the same names never show.
    await make(kind, other, clients[0] ?? { clientName: 'x', clientCompany: null });
  }
});
afterAll(() => api.close());

const list = (kind: string, query: string, workspace = own) =>
  getOk<ListBody<Document>>(api, `/${kind}${query}`, workspace.headers);
const namesOf = (body: ListBody<Document>) => body.data.map((record) => record.clientName);

describe.each(['invoices', 'quotes'])('GET /%s?q=', (kind) => {
  it.each([
    ['dupont', ['Émilie Dupont']],
    ['EMILIE', ['Émilie Dupont']],
    ['lefevre', ['Zoé Lefèvre']],
    ['zoé', ['Zoé Lefèvre']],
    ['muller', ['Émilie Dupont']],
    ['societe generale', ['Jean Martin']],
    ['  martin  ', ['Jean Martin']],
    ['50%', ['Pierre 50% Rabais']],
    ['%', ['Pierre 50% Rabais']],
    ['_du_', ['Pierre 50% Rabais']],
    ['e', ['Pierre 50% Rabais', 'Zoé Lefèvre', 'Jean Martin', 'Émilie Dupont']],
    ['nobody-at-all', []],
  ])(
    'q=%s finds a case- and accent-insensitive substring of the client name or company',
    async (q, names) => {
      const body = await list(kind, `?q=${encodeURIComponent(q)}`);
      expect(namesOf(body)).toEqual(names);
      expect(body.pagination.total).toBe(names.length);
    },
  );

  it('pages a search and keeps its exact total', async () => {
    const all = await list(kind, '?q=e&limit=100');
    const page = await list(kind, '?q=e&limit=2&offset=1');
    expect(page.pagination).toEqual({ total: all.data.length, limit: 2, offset: 1 });
    expect(page.data).toEqual(all.data.slice(1, 3));
    expect(await list(kind, '?q=e&offset=50')).toEqual({
      data: [],
      pagination: { total: all.data.length, limit: 20, offset: 50 },
    });
  });

  it('shows each record as the unfiltered list does', async () => {
    const all = await list(kind, '?limit=100');
    const found = await list(kind, '?q=dupont');
    expect(found.data).toEqual(all.data.filter((record) => record.clientName === 'Émilie Dupont'));
  });

  it('never shows another workspace’s records', async () => {
    const theirs = await list(kind, '?q=dupont', other);
    expect(namesOf(theirs)).toEqual(['Émilie Dupont']);
    expect(theirs.data.map((record) => record.id)).not.toContain((await list(kind, '?q=dupont')).data[0]?.id);
  });

  it('refuses a q over 200 characters with 400 invalid_request naming q', async () => {
    await expectInvalidRequest(
      await callApi(api, 'GET', `/${kind}?q=${'a'.repeat(201)}`, undefined, own.headers),
      'q',
    );
    expect((await list(kind, `?q=${'a'.repeat(200)}`)).pagination.total).toBe(0);
  });

  it('refuses a q that is not text over tRPC with the contract’s envelope', async () => {
    await expectTrpcError(
      await callTrpc(api, `${kind}.list`, 'query', { q: 42 }, own.headers),
      400,
      'invalid_request',
    );
    await expectTrpcError(
      await callTrpc(api, `${kind}.list`, 'query', { q: ['a'] }, own.headers),
      400,
      'invalid_request',
    );
  });
});

describe('GET /invoices?q= by number, with status', () => {
  it('finds an invoice by a piece of its number, in any case', async () => {
    const all = await list('invoices', '?limit=100');
    const [newest] = all.data;
    if (!newest) throw new Error('no invoice');
    const found = await list('invoices', `?q=${encodeURIComponent(newest.number?.toLowerCase() ?? '')}`);
    expect(found.data.map((invoice) => invoice.id)).toEqual([newest.id]);
    expect((await list('invoices', `?q=INV-${year}`)).pagination.total).toBe(all.pagination.total);
  });

  it('combines q with status, and follows a status change', async () => {
    const sent = await make('invoices', own, { clientName: 'Agnès Combinée', clientCompany: null });
    expect((await list('invoices', '?q=combinee&status=SENT')).pagination.total).toBe(0);
    expect(namesOf(await list('invoices', '?q=combinee&status=DRAFT'))).toEqual(['Agnès Combinée']);
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
    await client.invoices.send.mutate({ id: sent.id });
    expect(namesOf(await list('invoices', '?q=combinee&status=SENT'))).toEqual(['Agnès Combinée']);
    expect((await list('invoices', '?q=combinee&status=DRAFT')).pagination.total).toBe(0);
    // the same over tRPC
    const page = await client.invoices.list.query({ q: 'AGNES', status: 'SENT' });
    expect(page.data.map((invoice) => invoice.id)).toEqual([sent.id]);
  });
});

describe('GET /quotes?q= by number, with status, without the deleted', () => {
  it('finds a sent quote by its number, not a draft by one it does not have, nor a deleted one', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
    const quote = await make('quotes', own, { clientName: 'Numérotée', clientCompany: 'Devis SARL' });
    expect((await list('quotes', `?q=QUO-${year}`)).pagination.total).toBe(0);
    const sent = await client.quotes.send.mutate({ id: quote.id });
    const number = sent.data.number ?? '';
    expect(number).toMatch(/^QUO-/);
    expect((await list('quotes', `?q=${number.toLowerCase()}&status=SENT`)).data.map((q) => q.id)).toEqual([
      quote.id,
    ]);
    expect((await list('quotes', '?q=devis&status=DRAFT')).pagination.total).toBe(0);

    const gone = await make('quotes', own, { clientName: 'Supprimée', clientCompany: null });
    expect((await list('quotes', '?q=supprimee')).pagination.total).toBe(1);
    const deleted = await callApi(api, 'DELETE', `/quotes/${gone.id}`, undefined, own.headers);
    expect(deleted.status).toBe(200);
    expect(await list('quotes', '?q=supprimee')).toEqual({
      data: [],
      pagination: { total: 0, limit: 20, offset: 0 },
    });
  });
});
