import { type ComptoirClient, createComptoirClient } from '@comptoir/client';
import { invoiceSchema, opportunitySchema, quoteSchema } from '@comptoir/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callTrpc,
  databaseFingerprint,
  eventsAbout,
  expectTrpcError,
  freshWorkspace,
  idOf,
  isoDateTime,
  trpcErrorOf,
  type Workspace,
} from './support/index.ts';

// Scopes, the 404 of a malformed or unknown id, and Idempotency-Key: common-routes.test.ts.

let api: TestApi;
let home: Workspace;
let client: ComptoirClient;
const year = new Date().getUTCFullYear();
const lines = [
  { title: 'Cocktail dînatoire', quantity: 80, unitPrice: 24.5, taxRate: 10, unit: 'couvert' },
  { title: 'Location de salle', quantity: 1, unitPrice: 1200, taxRate: 20, discountPercent: 12.5 },
];
const quoteInput = { clientName: 'Mairie de Sète', clientEmail: 'culture@sete.test', lines };

beforeAll(async () => {
  api = await startTestApi();
  home = await freshWorkspace(api);
  client = createComptoirClient({ url: api.baseUrl, apiKey: home.key });
});
afterAll(() => api.close());

type Status =
  | 'DRAFT'
  | 'SENT'
  | 'SENT_FOR_SIGNATURE'
  | 'ACCEPTED'
  | 'REJECTED'
  | 'REJECTED_SIGNATURE'
  | 'ARCHIVED';
type Transition = 'requestSignature' | 'accept' | 'reject' | 'archive' | 'convertToInvoice';

/** The path through the transitions to a quote in each status. */
const pathTo: Record<Status, Transition[]> = {
  DRAFT: [],
  SENT: [],
  SENT_FOR_SIGNATURE: ['requestSignature'],
  ACCEPTED: ['accept'],
  REJECTED: ['reject'],
  REJECTED_SIGNATURE: ['requestSignature', 'reject'],
  ARCHIVED: ['archive'],
};

const transition = (name: Transition, id: string, as = client) => as.quotes[name].mutate({ id });

/** A new quote of the home workspace in `status`, made through the procedures. */
async function quoteIn(status: Status, input: Record<string, unknown> = {}): Promise<string> {
  const { id } = (await client.quotes.create.mutate({ ...quoteInput, ...input })).data;
  if (status === 'DRAFT') return id;
  await client.quotes.send.mutate({ id });
  for (const step of pathTo[status]) await transition(step, id);
  return id;
}

const typesOfEventsAbout = async (id: string) => (await eventsAbout(api, id)).map((event) => event.type);

/** A quote as lists and its events show it (the contract's Quote): the detail without its own fields. */
const listShape = (detail: unknown) => quoteSchema.parse(detail);

describe('quote to invoice', () => {
  it('goes DRAFT -> SENT -> ACCEPTED -> invoiced: a DRAFT invoice with its lines, the opportunity WON', async () => {
    const opportunity = (await client.opportunities.create.mutate({ title: 'Vœux du maire' })).data;
    const id = await quoteIn('SENT', { opportunityId: opportunity.id });
    const accepted = (await client.quotes.accept.mutate({ id })).data;
    expect(accepted).toMatchObject({ status: 'ACCEPTED', signedAt: isoDateTime, invoiceId: null });

    const converted = (await client.quotes.convertToInvoice.mutate({ id })).data;
    expect(converted).toEqual({ ...accepted, invoiceId: idOf('inv'), updatedAt: isoDateTime });
    expect((await client.quotes.get.query({ id })).data).toEqual(converted);

    const invoice = (await client.invoices.get.query({ id: converted.invoiceId as string })).data;
    expect(invoice).toMatchObject({
      number: expect.stringMatching(new RegExp(`^INV-${year}-\\d{5}$`)),
      status: 'DRAFT',
      type: 'invoice',
      title: converted.title,
      clientName: converted.clientName,
      clientCompany: converted.clientCompany,
      clientEmail: converted.clientEmail,
      currency: converted.currency,
      payments: [],
      totals: converted.totals,
    });
    const withoutIds = (items: { id: string }[]) => items.map(({ id: _, ...item }) => item);
    expect(withoutIds(invoice.lines)).toEqual(withoutIds(converted.lines));
    expect(invoice.lines[1]).toMatchObject({ discountPercent: 12.5, netAmount: 1050 });

    const won = (await client.opportunities.get.query({ id: opportunity.id })).data;
    expect(won).toMatchObject({ status: 'WON', wonAt: isoDateTime });

    const quoteEvents = await eventsAbout(api, id);
    expect(quoteEvents.map((event) => event.type)).toEqual([
      'quote.created',
      'quote.sent',
      'quote.accepted',
      'quote.invoiced',
    ]);
    expect(quoteEvents[3]?.data).toEqual(listShape(converted));
    const invoiceCreated = { type: 'invoice.created', data: invoiceSchema.parse(invoice) };
    expect(await eventsAbout(api, invoice.id)).toEqual([invoiceCreated]);
    const opportunityWon = { type: 'opportunity.won', data: opportunitySchema.parse(won) };
    expect((await eventsAbout(api, opportunity.id)).at(-1)).toEqual(opportunityWon);
  });

  it('leaves an opportunity that is WON already as it is, and records no opportunity.won', async () => {
    const opportunity = (await client.opportunities.create.mutate({ title: 'Gagnée', status: 'WON' })).data;
    const id = await quoteIn('ACCEPTED', { opportunityId: opportunity.id });
    const before = (await client.opportunities.get.query({ id: opportunity.id })).data;
    await client.quotes.convertToInvoice.mutate({ id });
    expect((await client.opportunities.get.query({ id: opportunity.id })).data).toEqual(before);
    expect(await typesOfEventsAbout(opportunity.id)).not.toContain('opportunity.won');
  });

  it('answers 409 quote_already_invoiced to a second conversion, even once archived, and changes nothing', async () => {
    const id = await quoteIn('ACCEPTED');
    await client.quotes.convertToInvoice.mutate({ id });
    for (const archived of [false, true]) {
      if (archived) await client.quotes.archive.mutate({ id });
      const before = await databaseFingerprint(api);
      const error = await trpcErrorOf(client.quotes.convertToInvoice.mutate({ id }));
      expect(error).toMatchObject({ httpStatus: 409, code: 'quote_already_invoiced' });
      expect(await databaseFingerprint(api)).toEqual(before);
    }
  });

  it('makes exactly one invoice of 20 parallel conversions', async () => {
    const workspace = await freshWorkspace(api);
    const own = createComptoirClient({ url: api.baseUrl, apiKey: workspace.key });
    const { id } = (await own.quotes.create.mutate(quoteInput)).data;
    await own.quotes.send.mutate({ id });
    await own.quotes.accept.mutate({ id });
    // Plain HTTP, one request each: the typed client would batch them into one.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callTrpc(api, 'quotes.convertToInvoice', 'mutation', { id }, workspace.headers),
      ),
    );
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(answers.length - refused.length).toBe(1);
    for (const answer of refused) await expectTrpcError(answer, 409, 'quote_already_invoiced');
    const invoices = await own.invoices.list.query({ limit: 100 });
    expect(invoices.data.map((invoice) => invoice.number)).toEqual([`INV-${year}-00001`]);
    expect((await typesOfEventsAbout(id)).filter((type) => type === 'quote.invoiced')).toHaveLength(1);
  });
});

describe('signature, acceptance, refusal, archiving', () => {
  it.each([
    ['SENT', 'REJECTED'],
    ['SENT_FOR_SIGNATURE', 'REJECTED_SIGNATURE'],
  ] as const)('rejects a %s quote: %s, recorded as quote.rejected', async (from, to) => {
    const id = await quoteIn(from);
    const rejected = (await client.quotes.reject.mutate({ id })).data;
    expect(rejected).toMatchObject({ status: to, signedAt: null, invoiceId: null });
    expect((await client.quotes.get.query({ id })).data).toEqual(rejected);
    const events = await eventsAbout(api, id);
    expect(events.map((event) => event.type)).toEqual([
      'quote.created',
      'quote.sent',
      ...(from === 'SENT' ? [] : ['quote.signature_requested']),
      'quote.rejected',
    ]);
    expect(events.at(-1)?.data).toEqual(listShape(rejected));
  });

  it('accepts a quote sent for signature with the given signedAt', async () => {
    const id = await quoteIn('SENT_FOR_SIGNATURE');
    const signedAt = new Date(Date.now() - 3_600_000).toISOString();
    const accepted = (await client.quotes.accept.mutate({ id, signedAt })).data;
    expect(accepted).toMatchObject({ status: 'ACCEPTED', signedAt });
    expect((await eventsAbout(api, id)).at(-1)).toEqual({
      type: 'quote.accepted',
      data: listShape(accepted),
    });
  });

  it('answers 400 invalid_body naming signedAt for a signature in the future or not a date, and changes nothing', async () => {
    const id = await quoteIn('SENT');
    const before = await databaseFingerprint(api);
    for (const signedAt of [new Date(Date.now() + 3_600_000).toISOString(), 'yesterday']) {
      const error = await trpcErrorOf(client.quotes.accept.mutate({ id, signedAt }));
      expect(error).toMatchObject({ httpStatus: 400, code: 'invalid_body' });
      expect(error.details?.map((detail) => detail.path)).toEqual(['signedAt']);
    }
    expect(await databaseFingerprint(api)).toEqual(before);
  });

  it.each(['SENT', 'SENT_FOR_SIGNATURE', 'ACCEPTED', 'REJECTED', 'REJECTED_SIGNATURE'] as const)(
    'archives a %s quote',
    async (status) => {
      const id = await quoteIn(status);
      const archived = (await client.quotes.archive.mutate({ id })).data;
      expect(archived.status).toBe('ARCHIVED');
      expect((await eventsAbout(api, id)).at(-1)).toEqual({
        type: 'quote.archived',
        data: listShape(archived),
      });
    },
  );
});

describe('refused transitions', () => {
  const refused: Record<Status, Transition[]> = {
    DRAFT: ['requestSignature', 'accept', 'reject', 'archive', 'convertToInvoice'],
    SENT: ['convertToInvoice'],
    SENT_FOR_SIGNATURE: ['requestSignature', 'convertToInvoice'],
    ACCEPTED: ['requestSignature', 'accept', 'reject'],
    REJECTED: ['accept', 'reject', 'convertToInvoice'],
    REJECTED_SIGNATURE: ['requestSignature'],
    ARCHIVED: ['archive', 'accept', 'reject'],
  };
  const refusals = Object.entries(refused).flatMap(([status, names]) =>
    names.map((name) => [status as Status, name] as const),
  );

  it.each(refusals)(
    'refuses on a %s quote: %s is 409 invalid_transition naming the status',
    async (status, name) => {
      const id = await quoteIn(status);
      const before = await databaseFingerprint(api);
      const error = await trpcErrorOf(transition(name, id));
      expect(error).toMatchObject({ httpStatus: 409, code: 'invalid_transition' });
      expect(error.message).toContain(`status ${status}`);
      expect(await databaseFingerprint(api)).toEqual(before);
    },
  );
});

describe('workspace isolation', () => {
  it.each(['requestSignature', 'accept', 'reject', 'archive', 'convertToInvoice'] as const)(
    'answers 404 to %s on another workspace’s quote, and changes nothing',
    async (name) => {
      const id = await quoteIn(name === 'convertToInvoice' ? 'ACCEPTED' : 'SENT');
      const other = await freshWorkspace(api);
      const stranger = createComptoirClient({ url: api.baseUrl, apiKey: other.key });
      const before = await databaseFingerprint(api);
      const error = await trpcErrorOf(transition(name, id, stranger));
      expect(error).toMatchObject({ httpStatus: 404, code: 'not_found' });
      expect(await databaseFingerprint(api)).toEqual(before);
    },
  );
});
