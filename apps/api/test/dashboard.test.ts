import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callApi,
  callTrpc,
  expectTrpcError,
  type Member,
  memberSession,
  sellerWorkspace,
  type Workspace,
} from './support/index.ts';

// The dashboard's procedures over tRPC (internal: no REST route): what each role may read, the
// figures of the workspace's own records only, hostile inputs. The arithmetic is core's
// test/dashboard.test.ts; every procedure's scope for keys: common-routes.test.ts.

const procedures = ['receivables', 'quotesAwaiting', 'followUps', 'lowStock'] as const;
type Procedure = (typeof procedures)[number];

let api: TestApi;
let own: Workspace;
let other: Workspace;
let owner: Member;

const line = { title: 'Conseil', quantity: 1, unitPrice: 100, taxRate: 20 };
const document = { clientName: 'Café du Port', clientEmail: 'compta@port.test', lines: [line] };

/** Records every widget counts: an overdue invoice, one due soon, a sent quote, a follow-up, a low product. */
async function seed(workspace: Workspace) {
  const client = createComptoirClient({ url: api.baseUrl, apiKey: workspace.key });
  const late = await client.invoices.create.mutate(document);
  await client.invoices.send.mutate({ id: late.data.id });
  await api.db.orm.em
    .fork()
    .execute(`update invoices set due_at = now() - interval '2 days' where id = ?`, [late.data.id]);
  const soon = await client.invoices.create.mutate({ ...document, lines: [{ ...line, unitPrice: 50 }] });
  await client.invoices.send.mutate({ id: soon.data.id });
  const quote = await client.quotes.create.mutate(document);
  await client.quotes.send.mutate({ id: quote.data.id });
  const opportunity = await client.opportunities.create.mutate({ title: 'Relancer Café du Port' });
  await client.opportunities.update.mutate({
    id: opportunity.data.id,
    nextFollowUpAt: new Date(Date.now() + 86_400_000).toISOString(),
  });
  await client.products.create.mutate({
    name: 'Farine T65',
    trackStock: true,
    stockQuantity: 2,
    stockThreshold: 5,
  });
  return { quoteId: quote.data.id, opportunityId: opportunity.data.id };
}

let seeded: Awaited<ReturnType<typeof seed>>;

beforeAll(async () => {
  api = await startTestApi();
  own = await sellerWorkspace(api);
  other = await sellerWorkspace(api);
  seeded = await seed(own);
  // another workspace's records of every kind, never counted in this one
  await seed(other);
  await seed(other);
  owner = await memberSession(api, own.workspaceId, 'owner');
});
afterAll(() => api.close());

async function read<T = Record<string, unknown>>(procedure: Procedure, headers: Record<string, string>) {
  const answer = await callTrpc<{ result: { data: { data: T } } }>(
    api,
    `dashboard.${procedure}`,
    'query',
    undefined,
    headers,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.data;
}

describe('the dashboard, for the owner', () => {
  it('receivables: the overdue invoice, the one due soon, this month’s revenue, 12 months', async () => {
    const figures = await read<{
      currency: string;
      overdue: unknown;
      dueSoon: unknown;
      revenueByMonth: { month: string; amount: number }[];
    }>('receivables', owner.headers);
    expect(figures.currency).toBe('EUR');
    expect(figures.overdue).toEqual({ amount: 120, count: 1 });
    expect(figures.dueSoon).toEqual({ amount: 60, count: 1 });
    expect(figures.revenueByMonth).toHaveLength(12);
    expect(figures.revenueByMonth.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      amount: 150,
    });
    expect(figures.revenueByMonth.slice(0, 11).every((month) => month.amount === 0)).toBe(true);
  });

  it('the short lists: each record as its own list shows it', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
    const quotes = await read<{ count: number; quotes: unknown[] }>('quotesAwaiting', owner.headers);
    expect(quotes.count).toBe(1);
    expect(quotes.quotes).toEqual((await client.quotes.list.query({ status: 'SENT' })).data);
    const followUps = await read<{ count: number; opportunities: { id: string }[] }>(
      'followUps',
      owner.headers,
    );
    expect(followUps.count).toBe(1);
    expect(followUps.opportunities).toEqual((await client.opportunities.list.query({})).data);
    expect(followUps.opportunities[0]?.id).toBe(seeded.opportunityId);
    const low = await read<{ count: number; products: unknown[] }>('lowStock', owner.headers);
    expect(low.count).toBe(1);
    expect(low.products).toEqual((await client.products.list.query({})).data);
  });

  it('a workspace with nothing: zeros, 12 months of 0, empty lists', async () => {
    const empty = await sellerWorkspace(api);
    const person = await memberSession(api, empty.workspaceId, 'owner');
    const figures = await read<{ overdue: unknown; dueSoon: unknown; revenueByMonth: { amount: number }[] }>(
      'receivables',
      person.headers,
    );
    expect(figures.overdue).toEqual({ amount: 0, count: 0 });
    expect(figures.dueSoon).toEqual({ amount: 0, count: 0 });
    expect(figures.revenueByMonth.map((month) => month.amount)).toEqual(Array(12).fill(0));
    expect(await read('quotesAwaiting', person.headers)).toEqual({ count: 0, quotes: [] });
    expect(await read('followUps', person.headers)).toEqual({ count: 0, opportunities: [] });
    expect(await read('lowStock', person.headers)).toEqual({ count: 0, products: [] });
  });
});

describe('what each role reads', () => {
  it.each([
    ['stock', ['lowStock']],
    ['sales', ['receivables', 'quotesAwaiting', 'followUps', 'lowStock']],
    ['accountant', ['receivables', 'quotesAwaiting', 'followUps', 'lowStock']],
  ] as const)(
    'a %s member reads %j, and is refused the rest with 403 insufficient_role',
    async (role, allowed) => {
      const member = await memberSession(api, own.workspaceId, role);
      for (const procedure of procedures) {
        const answer = await callTrpc(api, `dashboard.${procedure}`, 'query', undefined, member.headers);
        if ((allowed as readonly string[]).includes(procedure)) expect(answer.status, procedure).toBe(200);
        else await expectTrpcError(answer, 403, 'insufficient_role');
      }
    },
  );

  it('a key with read:products only reads the low stock, and is refused the receivables with 403 insufficient_scope', async () => {
    const key = await api.make.key(own.workspaceId, ['read:products']);
    const headers = { authorization: `Bearer ${key.key}` };
    expect((await read<{ count: number }>('lowStock', headers)).count).toBe(1);
    const refused = await expectTrpcError(
      await callTrpc(api, 'dashboard.receivables', 'query', undefined, headers),
      403,
      'insufficient_scope',
    );
    expect(refused.message).toContain('read:invoices');
  });

  it('without a session or a key: 401', async () => {
    await expectTrpcError(
      await callTrpc(api, 'dashboard.receivables', 'query', undefined, {}),
      401,
      'missing_authorization',
    );
  });
});

describe('inputs and routes', () => {
  it('refuses an input that is not an object with 400 invalid_request', async () => {
    for (const input of [42, 'x', [1]]) {
      await expectTrpcError(
        await callTrpc(api, 'dashboard.receivables', 'query', input, owner.headers),
        400,
        'invalid_request',
      );
    }
  });

  it('has no REST route: the dashboard is the app’s', async () => {
    for (const path of ['/dashboard/receivables', '/dashboard', '/dashboard/low-stock']) {
      expect((await callApi(api, 'GET', path, undefined, own.headers)).status).toBe(404);
    }
  });
});
