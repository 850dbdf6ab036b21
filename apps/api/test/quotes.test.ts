import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  type ApiError,
  bearer,
  callApi,
  eventsAbout,
  expectError,
  expectInvalidBody,
  idOf,
} from './support/index.ts';

// Authentication, scopes, workspace isolation of the ids and list bounds: common-routes.test.ts.

interface Quote {
  id: string;
  number: string | null;
  title: string;
  status: string;
  validityDays: number;
  taxRate: number;
  opportunityId: string | null;
  sentAt: string | null;
  updatedAt: string;
  notes?: string | null;
  terms?: string | null;
  lines?: { description: string; quantity: number; unitPrice: number; taxRate: number; position: number }[];
  totals: { total: number };
}

let api: TestApi;
let headers: Record<string, string>;
let workspaceId: string;
const year = new Date().getUTCFullYear();
const line = { title: 'Menu dégustation', quantity: 12, unitPrice: 45, taxRate: 10 };
const valid = { clientName: 'Mairie de Sète', clientEmail: 'culture@sete.test', lines: [line] };

beforeAll(async () => {
  api = await startTestApi();
  workspaceId = (await api.make.workspace()).id;
  headers = bearer((await api.make.key(workspaceId)).key);
});
afterAll(() => api.close());

const call = (method: string, path: string, json?: unknown, auth = headers) =>
  callApi<{ data: Quote; error: ApiError }>(api, method, path, json, auth);
const newQuote = async (json: unknown = valid, auth = headers) =>
  (await call('POST', '/quotes', json, auth)).body.data;
const eventsOf = (id: string) => eventsAbout(api, id);

describe('POST /quotes', () => {
  it('creates a DRAFT quote without a number, valid 30 days, and records quote.created', async () => {
    const { status, body } = await call('POST', '/quotes', valid);
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      id: idOf('quo'),
      number: null,
      title: 'Menu dégustation',
      status: 'DRAFT',
      clientName: 'Mairie de Sète',
      clientCompany: null,
      clientEmail: 'culture@sete.test',
      taxRate: 10,
      validityDays: 30,
      currency: 'EUR',
      opportunityId: null,
      issuedAt: null,
      sentAt: null,
      invoiceId: null,
      totals: {
        subtotal: 540,
        discountAmount: 0,
        taxes: [{ rate: 10, base: 540, amount: 54 }],
        total: 594,
        paid: 0,
        balance: 594,
      },
    });
    expect(await eventsOf(body.data.id)).toEqual([{ type: 'quote.created', data: body.data }]);
  });

  it('answers 404 opportunity_not_found and contact_not_found for missing references', async () => {
    const opportunity = await call('POST', '/quotes', {
      ...valid,
      opportunityId: 'opp_00000000000000000000000000',
    });
    await expectError(opportunity, 404, 'opportunity_not_found');
    const contact = await call('POST', '/quotes', { ...valid, contactId: 'con_00000000000000000000000000' });
    await expectError(contact, 404, 'contact_not_found');
  });

  it.each([
    [{ ...valid, lines: [] }, 'lines'],
    [{ ...valid, lines: Array(101).fill(line) }, 'lines'],
    [{ ...valid, clientName: 'x'.repeat(201) }, 'clientName'],
    [{ ...valid, clientEmail: 'nope' }, 'clientEmail'],
    [{ ...valid, currency: 'EU' }, 'currency'],
    [{ ...valid, lines: [{ ...line, quantity: -1 }] }, 'lines.0.quantity'],
    [{ ...valid, lines: [{ ...line, unitPrice: 45.00001 }] }, 'lines.0.unitPrice'],
    [{ ...valid, lines: [{ ...line, quantity: 1e9, unitPrice: 1e12 }] }, 'lines'],
  ])('answers 400 invalid_body naming the field (%#)', async (json, path) => {
    await expectInvalidBody(await call('POST', '/quotes', json), path);
  });
});

describe('GET /quotes/{id}', () => {
  it('returns the QuoteDetail, the line label read back as description', async () => {
    const quote = await newQuote();
    const { status, body } = await call('GET', `/quotes/${quote.id}`);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      ...quote,
      clientAddress: null,
      clientSiret: null,
      clientVatNumber: null,
      introText: null,
      terms: null,
      notes: null,
      signedAt: null,
      lines: [
        {
          id: idOf('qln'),
          position: 0,
          description: 'Menu dégustation',
          quantity: 12,
          unitPrice: 45,
          unit: null,
          discountPercent: 0,
          taxRate: 10,
          netAmount: 540,
        },
      ],
    });
  });
});

describe('PATCH /quotes/{id}', () => {
  it('updates the given fields, replaces every line, answers the QuoteDetail and records quote.updated', async () => {
    const quote = await newQuote({ ...valid, lines: [line, { ...line, title: 'Vin' }] });
    const { status, body } = await call('PATCH', `/quotes/${quote.id}`, {
      title: 'Banquet',
      validityDays: 365,
      taxRate: 0,
      notes: 'Allergies: none',
      terms: '30% deposit',
      lines: [{ title: 'Banquet 80 couverts', quantity: 80, unitPrice: 39.9, taxRate: 10 }],
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      title: 'Banquet',
      validityDays: 365,
      taxRate: 0,
      notes: 'Allergies: none',
      terms: '30% deposit',
      status: 'DRAFT',
      totals: { total: 3511.2 },
    });
    expect(body.data.lines).toEqual([
      expect.objectContaining({ description: 'Banquet 80 couverts', position: 0 }),
    ]);
    expect((await call('GET', `/quotes/${quote.id}`)).body.data).toEqual(body.data);
    const events = await eventsOf(quote.id);
    expect(events.map((event) => event.type)).toEqual(['quote.created', 'quote.updated']);
    expect(events[1]?.data).toEqual(body.data);
  });

  it('keeps the fields it was not given', async () => {
    const quote = await newQuote();
    const { body } = await call('PATCH', `/quotes/${quote.id}`, { notes: 'Only notes' });
    expect(body.data).toMatchObject({
      title: quote.title,
      validityDays: 30,
      taxRate: 10,
      notes: 'Only notes',
    });
    expect(body.data.lines).toHaveLength(1);
  });

  it.each([
    [{ validityDays: 366 }, 'validityDays'],
    [{ validityDays: -1 }, 'validityDays'],
    [{ validityDays: 1.5 }, 'validityDays'],
    [{ taxRate: 100.01 }, 'taxRate'],
    [{ taxRate: 5.55555 }, 'taxRate'],
    [{ lines: [] }, 'lines'],
    [{ lines: [{ ...line, quantity: 0.00001 }] }, 'lines.0.quantity'],
  ])('answers 400 invalid_body for %j', async (json, path) => {
    const quote = await newQuote();
    await expectInvalidBody(await call('PATCH', `/quotes/${quote.id}`, json), path);
  });

  it('accepts the boundaries validityDays 0 and taxRate 100', async () => {
    const quote = await newQuote();
    expect((await call('PATCH', `/quotes/${quote.id}`, { validityDays: 0, taxRate: 100 })).status).toBe(200);
  });
});

describe('DELETE /quotes/{id}', () => {
  it('soft-deletes a DRAFT: { ok: true }, gone from lists and reads, quote.deleted recorded', async () => {
    const quote = await newQuote();
    const { status, body } = await call('DELETE', `/quotes/${quote.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ data: { ok: true } });
    expect((await call('GET', `/quotes/${quote.id}`)).status).toBe(404);
    const list = (await call('GET', '/quotes?limit=100')).body as unknown as { data: Quote[] };
    expect(list.data.map((item) => item.id)).not.toContain(quote.id);
    expect((await call('DELETE', `/quotes/${quote.id}`)).status).toBe(404);
    expect((await eventsOf(quote.id)).map((event) => event.type)).toEqual(['quote.created', 'quote.deleted']);
  });
});

describe('POST /quotes/{id}/send', () => {
  it('sends with an empty body: SENT, sentAt, a QUO number, and the opportunity moves to QUOTE_SENT', async () => {
    const opportunity = (await call('POST', '/opportunities', { title: 'Banquet' })).body.data;
    const quote = await newQuote({ ...valid, opportunityId: opportunity.id });
    const response = await api.request(`/api/v1/quotes/${quote.id}/send`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Record<string, unknown> };
    expect(data).toEqual({
      id: quote.id,
      number: expect.stringMatching(new RegExp(`^QUO-${year}-\\d{5}$`)),
      status: 'SENT',
      sentAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const detail = (await call('GET', `/quotes/${quote.id}`)).body.data;
    expect(detail).toMatchObject({ status: 'SENT', number: data.number, sentAt: data.sentAt });
    const after = (await call('GET', `/opportunities/${opportunity.id}`)).body.data as unknown as {
      status: string;
      quoteSentAt: string;
    };
    expect(after).toMatchObject({ status: 'QUOTE_SENT', quoteSentAt: expect.any(String) });
    expect((await eventsOf(quote.id)).map((event) => event.type)).toEqual(['quote.created', 'quote.sent']);
  });

  it('answers 409 quote_not_draft to send, update or delete a sent quote, and changes nothing', async () => {
    const quote = await newQuote();
    await call('POST', `/quotes/${quote.id}/send`);
    for (const [method, path, json] of [
      ['POST', `/quotes/${quote.id}/send`, undefined],
      ['PATCH', `/quotes/${quote.id}`, { notes: 'late' }],
      ['DELETE', `/quotes/${quote.id}`, undefined],
    ] as const) {
      await expectError(await call(method, path, json), 409, 'quote_not_draft');
    }
    expect((await call('GET', `/quotes/${quote.id}`)).body.data).toMatchObject({
      status: 'SENT',
      notes: null,
    });
  });

  it('numbers concurrent sends continuously per workspace', async () => {
    const workspace = await api.make.workspace();
    const auth = bearer((await api.make.key(workspace.id)).key);
    const quotes = await Promise.all(Array.from({ length: 12 }, () => newQuote(valid, auth)));
    const sent = await Promise.all(
      quotes.map((quote) => call('POST', `/quotes/${quote.id}/send`, undefined, auth)),
    );
    expect(sent.map((result) => result.status)).toEqual(Array(12).fill(200));
    const numbers = sent.map((result) => result.body.data.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 12 }, (_, i) => `QUO-${year}-${String(i + 1).padStart(5, '0')}`),
    );
  });
});

describe('GET /quotes', () => {
  // Regression: the list's count(*) over () replaced the quotes' own total column.
  it('shows each quote with the totals GET /quotes/{id} shows', async () => {
    const made = await newQuote();
    const list = (await call('GET', '/quotes?limit=100')).body as unknown as { data: Quote[] };
    const listed = list.data.find((quote) => quote.id === made.id);
    expect(listed?.totals).toEqual(made.totals);
    const read = await call('GET', `/quotes/${made.id}`);
    expect(read.body.data.totals).toEqual(made.totals);
    expect(made.totals.total).toBeGreaterThan(1);
  });

  it('filters by status, refuses an unknown status, and keeps workspaces apart', async () => {
    const sentOnly = (await call('GET', '/quotes?status=SENT&limit=100')).body as unknown as {
      data: Quote[];
    };
    expect(sentOnly.data.length).toBeGreaterThan(0);
    expect(sentOnly.data.every((quote) => quote.status === 'SENT')).toBe(true);
    const unknown = await call('GET', '/quotes?status=LOST');
    await expectError(unknown, 400, 'invalid_request');
    const other = await api.make.workspace();
    const otherKey = bearer((await api.make.key(other.id)).key);
    const list = (await call('GET', '/quotes', undefined, otherKey)).body as unknown as {
      pagination: { total: number };
    };
    expect(list.pagination.total).toBe(0);
  });
});

describe('Idempotency-Key on quote creation and sending', () => {
  it('replays a send: the same number with Idempotent-Replayed, where a plain retry is 409 quote_not_draft', async () => {
    const quote = await newQuote();
    const auth = { ...headers, 'idempotency-key': `send-${quote.id}` };
    const first = await call('POST', `/quotes/${quote.id}/send`, {}, auth);
    expect(first.status).toBe(200);
    const again = await call('POST', `/quotes/${quote.id}/send`, {}, auth);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const plain = await call('POST', `/quotes/${quote.id}/send`, {});
    await expectError(plain, 409, 'quote_not_draft');
  });

  it('replays a creation without creating a second quote', async () => {
    const auth = { ...headers, 'idempotency-key': 'quote-create-retry-1' };
    const first = await call('POST', '/quotes', valid, auth);
    const again = await call('POST', '/quotes', valid, auth);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    const rows = await api.db.orm.em
      .fork()
      .execute<{ n: string }[]>('select count(*) as n from quotes where id = ?', [first.body.data.id]);
    expect(rows).toEqual([{ n: '1' }]);
  });
});

describe('tRPC and REST answer the same procedure', () => {
  it('quotes.create, get, list, update, send and delete behave as their REST routes', async () => {
    const workspace = await api.make.workspace();
    const { key } = await api.make.key(workspace.id);
    const auth = bearer(key);
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const created = await client.quotes.create.mutate(valid);
    expect(created.data).toMatchObject({ status: 'DRAFT', number: null });
    const { id } = created.data;
    expect(await client.quotes.get.query({ id })).toEqual(
      (await call('GET', `/quotes/${id}`, undefined, auth)).body,
    );
    expect(await client.quotes.list.query({ status: 'DRAFT' })).toEqual(
      (await call('GET', '/quotes?status=DRAFT', undefined, auth)).body,
    );
    const updated = await client.quotes.update.mutate({
      id,
      validityDays: 15,
      lines: [{ ...line, quantity: 2 }],
    });
    expect(updated.data).toMatchObject({
      validityDays: 15,
      lines: [{ description: line.title, quantity: 2 }],
    });
    const sent = await client.quotes.send.mutate({ id });
    expect(sent.data).toMatchObject({ id, status: 'SENT', number: `QUO-${year}-00001` });
    await expect(client.quotes.update.mutate({ id, validityDays: 10 })).rejects.toMatchObject({
      data: { httpStatus: 409, error: { code: 'quote_not_draft' } },
    });
    await expect(client.quotes.delete.mutate({ id })).rejects.toMatchObject({
      data: { httpStatus: 409, error: { code: 'quote_not_draft' } },
    });
    const draft = await client.quotes.create.mutate(valid);
    expect(await client.quotes.delete.mutate({ id: draft.data.id })).toEqual({ data: { ok: true } });
    expect((await call('GET', `/quotes/${draft.data.id}`, undefined, auth)).status).toBe(404);
  });
});
