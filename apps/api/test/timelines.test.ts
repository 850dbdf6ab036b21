import { createComptoirClient } from '@comptoir/client';
import { newId } from '@comptoir/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callApi,
  callTrpc,
  expectTrpcError,
  getOk,
  memberSession,
  sellerWorkspace,
  type Workspace,
} from './support/index.ts';

// invoices.timeline and quotes.timeline (internal tRPC): a document's events, oldest first, at
// most 200, each as GET /events/{id} shows it. Scopes and another workspace's ids for every
// procedure: common-routes.test.ts.

interface TimelineEvent {
  id: string;
  type: string;
  timestamp: string;
  actor: { kind: string; id: string } | null;
  data: Record<string, unknown>;
}

let api: TestApi;
let own: Workspace;
let other: Workspace;
let client: ReturnType<typeof createComptoirClient>;

const document = {
  clientName: 'Café du Port',
  clientEmail: 'compta@port.test',
  lines: [{ title: 'Pain', quantity: 2, unitPrice: 50, taxRate: 20 }],
};

beforeAll(async () => {
  api = await startTestApi();
  own = await sellerWorkspace(api);
  other = await sellerWorkspace(api);
  client = createComptoirClient({ url: api.baseUrl, apiKey: own.key });
});
afterAll(() => api.close());

async function timeline(procedure: 'invoices.timeline' | 'quotes.timeline', id: string, workspace = own) {
  const answer = await callTrpc<{ result: { data: { data: TimelineEvent[] } } }>(
    api,
    procedure,
    'query',
    { id },
    workspace.headers,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result.data.data;
}

/** The event as GET /events/{id} shows it. */
const eventOf = async (id: string) =>
  (await getOk<{ data: TimelineEvent }>(api, `/events/${id}`, own.headers)).data;

describe('invoices.timeline', () => {
  it('lists an invoice’s events oldest first, the credit note’s that name it included, each as /events shows it', async () => {
    const created = await client.invoices.create.mutate(document);
    const id = created.data.id;
    // another invoice's events never show
    const unrelated = await client.invoices.create.mutate(document);
    await client.invoices.update.mutate({ id, title: 'Renamed' });
    await client.invoices.send.mutate({ id });
    await client.invoices.send.mutate({ id: unrelated.data.id });
    // a payment on the other invoice (one with payments cannot be cancelled)
    await client.invoices.recordPayment.mutate({ id: unrelated.data.id, amount: 20, method: 'transfer' });
    const cancelled = await client.invoices.cancel.mutate({ id });
    const creditNoteId = cancelled.data.creditNoteId;
    expect(creditNoteId).toMatch(/^inv_/);

    const events = await timeline('invoices.timeline', id);
    expect(events.map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.updated',
      'invoice.sent',
      'invoice.cancelled',
      'credit_note.created',
    ]);
    expect(events.at(-1)?.data).toMatchObject({ id: creditNoteId, creditedInvoiceId: id });
    for (const event of events) expect(event).toEqual(await eventOf(event.id));
    expect(events[0]?.actor).toEqual({ kind: 'key', id: expect.stringMatching(/^key_/) });
    const times = events.map((event) => `${event.timestamp} ${event.id}`);
    expect(times).toEqual([...times].sort());

    // the credit note's own timeline: its creation (and nothing of the invoice's)
    const ofCreditNote = await timeline('invoices.timeline', creditNoteId ?? '');
    expect(ofCreditNote.map((event) => event.type)).toEqual(['credit_note.created']);
    // the other invoice's
    expect((await timeline('invoices.timeline', unrelated.data.id)).map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.sent',
      'invoice.payment_recorded',
    ]);
  });

  it('shows the oldest 200 events when there are more', async () => {
    const { data } = await client.invoices.create.mutate(document);
    // 205 more events about it, recorded as the outbox records them, a second apart
    const em = api.db.orm.em.fork();
    await em.execute(
      `insert into events (id, workspace_id, type, data, created_at)
         select ?::text || lpad(g::text, 4, '0'), ?, 'invoice.updated', jsonb_build_object('id', ?::text, 'title', 'v' || g),
           now() + (g || ' seconds')::interval
         from generate_series(1, 205) g`,
      [newId('event').slice(0, 20), own.workspaceId, data.id],
    );
    const events = await timeline('invoices.timeline', data.id);
    expect(events).toHaveLength(200);
    expect(events[0]?.type).toBe('invoice.created');
    expect(events[199]?.data).toMatchObject({ title: 'v199' });
  });

  it('answers 404 not_found for an unknown id, another workspace’s invoice, a quote’s id or an id of another shape', async () => {
    const theirs = await createComptoirClient({ url: api.baseUrl, apiKey: other.key }).invoices.create.mutate(
      document,
    );
    const quote = await client.quotes.create.mutate(document);
    for (const id of [newId('invoice'), theirs.data.id, quote.data.id, 'nope', '']) {
      await expectTrpcError(
        await callTrpc(api, 'invoices.timeline', 'query', { id }, own.headers),
        404,
        'not_found',
      );
    }
  });

  it('refuses hostile inputs with the contract’s envelope', async () => {
    for (const input of [{}, { id: 42 }, { id: ['inv_x'] }, { id: null }]) {
      await expectTrpcError(
        await callTrpc(api, 'invoices.timeline', 'query', input, own.headers),
        400,
        'invalid_request',
      );
    }
    // text PostgreSQL cannot store is refused where the request enters, naming the field
    const nul = await expectTrpcError(
      await callTrpc(api, 'invoices.timeline', 'query', { id: 'inv_\u0000' }, own.headers),
      400,
      'invalid_request',
    );
    expect(nul.details?.map((detail) => detail.path)).toEqual(['id']);
  });

  it('has no REST route', async () => {
    const { data } = await client.invoices.create.mutate(document);
    const answer = await callApi(api, 'GET', `/invoices/${data.id}/timeline`, undefined, own.headers);
    expect(answer.status).toBe(404);
  });
});

describe('quotes.timeline', () => {
  it('lists a quote’s events oldest first, to its conversion, for a member who may read quotes', async () => {
    const { data } = await client.quotes.create.mutate(document);
    await client.quotes.update.mutate({ id: data.id, notes: 'Livraison lundi' });
    await client.quotes.send.mutate({ id: data.id });
    await client.quotes.accept.mutate({ id: data.id });
    await client.quotes.convertToInvoice.mutate({ id: data.id });
    const sales = await memberSession(api, own.workspaceId, 'sales');
    const answer = await callTrpc<{ result: { data: { data: TimelineEvent[] } } }>(
      api,
      'quotes.timeline',
      'query',
      { id: data.id },
      sales.headers,
    );
    expect(answer.status).toBe(200);
    const events = answer.body.result.data.data;
    expect(events.map((event) => event.type)).toEqual([
      'quote.created',
      'quote.updated',
      'quote.sent',
      'quote.accepted',
      'quote.invoiced',
    ]);
    for (const event of events) expect(event).toEqual(await eventOf(event.id));
  });

  it('answers 404 for a deleted quote, another workspace’s, an invoice’s id; 403 to a stock member', async () => {
    const { data } = await client.quotes.create.mutate(document);
    await client.quotes.delete.mutate({ id: data.id });
    const invoice = await client.invoices.create.mutate(document);
    const theirs = await createComptoirClient({ url: api.baseUrl, apiKey: other.key }).quotes.create.mutate(
      document,
    );
    for (const id of [data.id, theirs.data.id, invoice.data.id]) {
      await expectTrpcError(
        await callTrpc(api, 'quotes.timeline', 'query', { id }, own.headers),
        404,
        'not_found',
      );
    }
    const stock = await memberSession(api, own.workspaceId, 'stock');
    await expectTrpcError(
      await callTrpc(api, 'quotes.timeline', 'query', { id: theirs.data.id }, stock.headers),
      403,
      'insufficient_role',
    );
  });
});
