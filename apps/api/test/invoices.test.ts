import { createComptoirClient } from '@comptoir/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  bearer,
  eventsAbout,
  expectError,
  expectInvalidBody,
  expectInvalidRequest,
  idOf,
} from './support/index.ts';

// Authentication, scopes, workspace isolation of the ids and list bounds: common-routes.test.ts.

interface Invoice {
  id: string;
  number: string;
  title: string;
  status: string;
  dueAt: string;
  createdAt: string;
  totals: {
    subtotal: number;
    discountAmount: number;
    taxes: { rate: number; base: number; amount: number }[];
    total: number;
    paid: number;
    balance: number;
  };
}

let api: TestApi;
let headers: Record<string, string>;
let workspaceId: string;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  api = await startTestApi();
  workspaceId = (await api.make.workspace()).id;
  headers = bearer((await api.make.key(workspaceId)).key);
});
afterAll(() => api.close());

const line = { title: 'Pain de campagne', quantity: 3, unitPrice: 4.15, taxRate: 5.5 };
const valid = { clientName: 'Café du Port', clientEmail: 'compta@port.test', lines: [line] };
const create = (json: unknown, auth = headers) =>
  api.request('/api/v1/invoices', { method: 'POST', headers: auth, json });

describe('POST /invoices', () => {
  it('creates a DRAFT invoice with the rulings’ defaults and records invoice.created', async () => {
    const response = await create({
      ...valid,
      lines: [
        line,
        { title: 'Conseil', quantity: 1.5, unitPrice: 80, taxRate: 20 },
        { title: 'Livraison', quantity: 1, unitPrice: 0.333 },
      ],
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: Invoice & Record<string, unknown> };
    expect(data).toMatchObject({
      id: idOf('inv'),
      number: expect.stringMatching(new RegExp(`^INV-${year}-\\d{5}$`)),
      title: 'Pain de campagne',
      status: 'DRAFT',
      type: 'invoice',
      clientName: 'Café du Port',
      clientCompany: null,
      clientEmail: 'compta@port.test',
      clientAddress: null,
      clientPostalCode: null,
      clientCity: null,
      clientCountryCode: 'FR',
      clientSiren: null,
      clientVatNumber: null,
      deliveryAddress: null,
      operationCategory: 'services',
      currency: 'EUR',
      taxRate: 5.5,
      discountPercent: 0,
      reverseCharge: false,
      issuedAt: null,
      paidAt: null,
      paidAmount: 0,
      creditedInvoiceId: null,
      creditNoteId: null,
    });
    const days = (Date.parse(data.dueAt) - Date.parse(data.createdAt)) / 86_400_000;
    expect(days).toBeCloseTo(30, 5);
    // EN 16931: 3 × 4.15 = 12.45; 1.5 × 80 = 120; 0.333 → 0.33. VAT per rate on the rounded bases.
    expect(data.totals).toEqual({
      subtotal: 132.78,
      discountAmount: 0,
      taxes: [
        { rate: 0, base: 0.33, amount: 0 },
        { rate: 5.5, base: 12.45, amount: 0.68 },
        { rate: 20, base: 120, amount: 24 },
      ],
      total: 157.46,
      paid: 0,
      balance: 157.46,
    });
    expect(await eventsAbout(api, data.id)).toEqual([{ type: 'invoice.created', data }]);
  });

  it('reads the invoice back with its lines', async () => {
    const created = (await (await create({ ...valid, currency: 'chf' })).json()) as { data: Invoice };
    const response = await api.request(`/api/v1/invoices/${created.data.id}`, { headers });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: Invoice & { currency: string; lines: unknown[] } };
    expect(data).toEqual({
      ...created.data,
      currency: 'CHF',
      lines: [
        {
          id: idOf('iln'),
          position: 0,
          description: line.title,
          quantity: 3,
          unitPrice: 4.15,
          unit: null,
          discountPercent: 0,
          taxRate: 5.5,
          netAmount: 12.45,
        },
      ],
      payments: [],
    });
  });

  it('numbers 30 concurrent creations continuously, without gap or duplicate', async () => {
    const workspace = await api.make.workspace();
    const auth = bearer((await api.make.key(workspace.id)).key);
    const responses = await Promise.all(Array.from({ length: 30 }, () => create(valid, auth)));
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(201));
    const numbers = await Promise.all(
      responses.map(async (response) => ((await response.json()) as { data: Invoice }).data.number),
    );
    const expected = Array.from({ length: 30 }, (_, i) => `INV-${year}-${String(i + 1).padStart(5, '0')}`);
    expect([...numbers].sort()).toEqual(expected);
    // Creations written together keep their own lines and events, numbered in the order they
    // arrived: the events' ids (time-ordered, taken on arrival) sort like the numbers.
    const rows = await api.db.orm.em
      .fork()
      .execute<{ number: string; event_number: string; lines: string }[]>(
        `select i.number, e.data->>'number' as event_number,
              (select count(*) from invoice_lines l where l.invoice_id = i.id) as lines
         from invoices i join events e on e.workspace_id = i.workspace_id and e.type = 'invoice.created'
                                       and e.data->>'id' = i.id
        where i.workspace_id = ? order by e.id`,
        [workspace.id],
      );
    expect(rows.map((row) => row.number)).toEqual(expected);
    expect(rows.every((row) => row.event_number === row.number && Number(row.lines) === 1)).toBe(true);
  });

  it('writes concurrent creations together, and one that fails in the database fails alone, taking no number', async () => {
    const workspace = await api.make.workspace();
    const auth = bearer((await api.make.key(workspace.id)).key);
    const em = api.db.orm.em.fork();
    // A fault only the database sees (no rule of the API refuses this name): a trigger of this
    // test's own database, so the batch holding it fails and its creations are written again alone.
    await em.execute(`create function refuse_marked_invoice() returns trigger language plpgsql as $$
      begin
        if new.client_name = 'Refused by the database' then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await em.execute(
      'create trigger refuse_marked_invoice before insert on invoices for each row execute function refuse_marked_invoice()',
    );
    try {
      const bodies = Array.from({ length: 12 }, (_, i) =>
        i === 5 ? { ...valid, clientName: 'Refused by the database' } : valid,
      );
      const responses = await Promise.all(bodies.map((body) => create(body, auth)));
      const statuses = responses.map((response) => response.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(11);
      expect(statuses[5]).toBe(500);
      await expectError(responses[5] as Response, 500, 'internal_error');
      const numbers = await Promise.all(
        responses
          .filter((response) => response.status === 201)
          .map(async (response) => ((await response.json()) as { data: Invoice }).data.number),
      );
      expect([...numbers].sort()).toEqual(
        Array.from({ length: 11 }, (_, i) => `INV-${year}-${String(i + 1).padStart(5, '0')}`),
      );
    } finally {
      await em.execute('drop trigger refuse_marked_invoice on invoices');
      await em.execute('drop function refuse_marked_invoice()');
    }
  });

  it('gives back the number of a creation that failed: the next one has no gap', async () => {
    const workspace = await api.make.workspace();
    const auth = bearer((await api.make.key(workspace.id)).key);
    const first = (await (await create(valid, auth)).json()) as { data: Invoice };
    expect((await create({ ...valid, lines: [] }, auth)).status).toBe(400);
    const second = (await (await create(valid, auth)).json()) as { data: Invoice };
    expect([first.data.number, second.data.number]).toEqual([`INV-${year}-00001`, `INV-${year}-00002`]);
  });

  it('numbers past 99,999 with every digit: INV-<year>-100000 follows INV-<year>-99999', async () => {
    const workspace = await api.make.workspace();
    const auth = bearer((await api.make.key(workspace.id)).key);
    const last = (await (await create(valid, auth)).json()) as { data: Invoice };
    expect(last.data.number).toBe(`INV-${year}-00001`);
    await api.db.orm.em
      .fork()
      .execute(
        "update document_sequences set last_value = 99998 where workspace_id = ? and kind = 'invoice'",
        [workspace.id],
      );
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await create(valid, auth);
      expect(response.status).toBe(201);
      numbers.push(((await response.json()) as { data: Invoice }).data.number);
    }
    expect(numbers).toEqual([`INV-${year}-99999`, `INV-${year}-100000`]);
  });

  it.each([
    [{ ...valid, clientName: '' }, 'clientName'],
    [{ ...valid, clientName: 'x'.repeat(201) }, 'clientName'],
    [{ ...valid, clientEmail: 'not-an-email' }, 'clientEmail'],
    [
      { ...valid, clientEmail: `${'a'.repeat(52)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(20)}` },
      'clientEmail',
    ],
    [{ ...valid, currency: 'EURO' }, 'currency'],
    [{ ...valid, lines: [] }, 'lines'],
    [{ ...valid, lines: Array(101).fill(line) }, 'lines'],
    [{ ...valid, lines: [{ ...line, title: '' }] }, 'lines.0.title'],
    [{ ...valid, lines: [{ ...line, title: 'x'.repeat(501) }] }, 'lines.0.title'],
    [{ ...valid, lines: [{ ...line, quantity: 0 }] }, 'lines.0.quantity'],
    [{ ...valid, lines: [{ ...line, unitPrice: -1 }] }, 'lines.0.unitPrice'],
    [{ ...valid, lines: [{ ...line, taxRate: 100.5 }] }, 'lines.0.taxRate'],
    [{ ...valid, lines: [{ ...line, quantity: '3' }] }, 'lines.0.quantity'],
    // Stored with 4 decimals: more would be rounded away (0.00001 would become 0).
    [{ ...valid, lines: [{ ...line, quantity: 0.00001 }] }, 'lines.0.quantity'],
    [{ ...valid, lines: [{ ...line, unitPrice: 4.15001 }] }, 'lines.0.unitPrice'],
    [{ ...valid, lines: [{ ...line, taxRate: 5.55555 }] }, 'lines.0.taxRate'],
    [{ ...valid, lines: [{ ...line, quantity: 1e9, unitPrice: 1e12 }] }, 'lines'],
    [{ ...valid, lines: [{ title: 'x', quantity: 10, unitPrice: 1e12 }] }, 'lines'],
  ])('answers 400 invalid_body naming the field (%#)', async (body, path) => {
    await expectInvalidBody(await create(body), path);
  });

  it('accepts every boundary: 200-character name, 200-character e-mail, 100 lines, 500-character title, rates 0 and 100', async () => {
    const response = await create({
      clientName: 'x'.repeat(200),
      clientEmail: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(7)}`,
      lines: [
        { title: 'x'.repeat(500), quantity: 0.001, unitPrice: 0, taxRate: 0 },
        ...Array(99).fill({ ...line, taxRate: 100 }),
      ],
    });
    expect(response.status).toBe(201);
  });

  it('accepts 4 decimals and a total just under 10^13, and keeps every cent', async () => {
    const response = await create({
      ...valid,
      lines: [
        { title: 'Gros œuvre', quantity: 10, unitPrice: 999_999_999_999.999 },
        { title: 'Vis', quantity: 0.0001, unitPrice: 0.0001, taxRate: 5.5555 },
      ],
    });
    expect(response.status).toBe(201);
    const { data } = (await response.json()) as { data: Invoice };
    expect(data.totals.total).toBe(9_999_999_999_999.99);
    const read = (await (await api.request(`/api/v1/invoices/${data.id}`, { headers })).json()) as {
      data: Invoice & { lines: { quantity: number; unitPrice: number; taxRate: number }[] };
    };
    expect(read.data.totals.total).toBe(9_999_999_999_999.99);
    expect(read.data.lines[1]).toMatchObject({ quantity: 0.0001, unitPrice: 0.0001, taxRate: 5.5555 });
  });
});

describe('GET /invoices', () => {
  it('lists newest first, filters by status, and refuses an unknown status', async () => {
    const list = (await (await api.request('/api/v1/invoices?limit=100', { headers })).json()) as {
      data: Invoice[];
      pagination: { total: number };
    };
    expect(list.data.length).toBe(list.pagination.total);
    const created = list.data.map((invoice) => invoice.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const drafts = (await (
      await api.request('/api/v1/invoices?status=DRAFT&limit=1', { headers })
    ).json()) as {
      pagination: { total: number };
    };
    expect(drafts.pagination.total).toBe(list.pagination.total);
    const paid = (await (await api.request('/api/v1/invoices?status=PAID', { headers })).json()) as {
      data: unknown[];
    };
    expect(paid.data).toEqual([]);
    await expectInvalidRequest(await api.request('/api/v1/invoices?status=LATE', { headers }), 'status');
  });

  // Regression: the list's count(*) over () was aliased `total` and replaced the invoices'
  // own total column, so a list item said totals.total = number of rows.
  it('shows each invoice exactly as GET /invoices/{id} does, totals included', async () => {
    const lines = [line, { title: 'Croissant', quantity: 12, unitPrice: 1.1, taxRate: 5.5 }];
    const made = (await (await create({ ...valid, lines })).json()) as { data: Invoice };
    const list = (await (await api.request('/api/v1/invoices?limit=100', { headers })).json()) as {
      data: Invoice[];
    };
    const listed = list.data.find((invoice) => invoice.id === made.data.id);
    expect(listed?.totals.total).toBe(27.06);
    expect(listed).toEqual(made.data);
    for (const item of list.data) {
      const read = (await (await api.request(`/api/v1/invoices/${item.id}`, { headers })).json()) as {
        data: Invoice & { lines: unknown; payments: unknown };
      };
      const { lines: _lines, payments: _payments, ...withoutLines } = read.data;
      expect(item).toEqual(withoutLines);
    }
  });

  it('keeps workspaces apart: another workspace lists none', async () => {
    expect((await create(valid)).status).toBe(201);
    const other = await api.make.workspace();
    const otherHeaders = bearer((await api.make.key(other.id)).key);
    const list = (await (await api.request('/api/v1/invoices', { headers: otherHeaders })).json()) as {
      pagination: { total: number };
    };
    expect(list.pagination.total).toBe(0);
  });
});

describe('Idempotency-Key on POST /invoices', () => {
  const withKey = (key: string, auth: Record<string, string>) => ({ ...auth, 'idempotency-key': key });
  const invoiceRows = async (workspace: string) =>
    api.db.orm.em
      .fork()
      .execute<{ number: string }[]>('select number from invoices where workspace_id = ? order by number', [
        workspace,
      ]);

  it('replays a creation: the same invoice and number, Idempotent-Replayed, no second invoice or event', async () => {
    const workspace = await api.make.workspace();
    const auth = bearer((await api.make.key(workspace.id)).key);
    const first = await create(valid, withKey('invoice-retry-0001', auth));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await create(valid, withKey('invoice-retry-0001', auth));
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const created = (await first.json()) as { data: Invoice };
    expect(await again.json()).toEqual(created);
    expect(created.data.number).toBe(`INV-${year}-00001`);
    // The next creation takes the next number: the replay consumed none.
    const next = (await (await create(valid, auth)).json()) as { data: Invoice };
    expect(next.data.number).toBe(`INV-${year}-00002`);
    expect(await invoiceRows(workspace.id)).toEqual([
      { number: `INV-${year}-00001` },
      { number: `INV-${year}-00002` },
    ]);
    expect((await eventsAbout(api, created.data.id)).map((event) => event.type)).toEqual(['invoice.created']);
  });

  it('answers 422 idempotency_key_mismatch to the same key with another body, and creates nothing', async () => {
    const workspace = await api.make.workspace();
    const auth = bearer((await api.make.key(workspace.id)).key);
    expect((await create(valid, withKey('invoice-mismatch-1', auth))).status).toBe(201);
    const other = await create({ ...valid, clientName: 'Autre client' }, withKey('invoice-mismatch-1', auth));
    await expectError(other, 422, 'idempotency_key_mismatch');
    expect(await invoiceRows(workspace.id)).toHaveLength(1);
  });

  it('creates one invoice for parallel requests under one key', async () => {
    const workspace = await api.make.workspace();
    const auth = bearer((await api.make.key(workspace.id)).key);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => create(valid, withKey('invoice-parallel-1', auth))),
    );
    const answered = await Promise.all(
      responses.map(async (response) => ({
        status: response.status,
        body: (await response.json()) as unknown,
      })),
    );
    const created = answered.filter((answer) => answer.status === 201);
    expect(created.length).toBeGreaterThan(0);
    for (const answer of created) expect(answer.body).toEqual(created[0]?.body);
    for (const answer of answered.filter((item) => item.status !== 201)) {
      expect(answer).toMatchObject({ status: 409, body: { error: { code: 'idempotency_key_in_use' } } });
    }
    expect(await invoiceRows(workspace.id)).toEqual([{ number: `INV-${year}-00001` }]);
  });
});

describe('tRPC and REST answer the same procedure', () => {
  it('invoices.create, invoices.get and invoices.list match REST, and share the numbering', async () => {
    const workspace = await api.make.workspace();
    const { key } = await api.make.key(workspace.id);
    const client = createComptoirClient({ url: api.baseUrl, apiKey: key });
    const viaTrpc = await client.invoices.create.mutate(valid);
    expect(viaTrpc.data).toMatchObject({ number: `INV-${year}-00001`, status: 'DRAFT' });
    const viaRest = (await (await create(valid, bearer(key))).json()) as { data: Invoice };
    expect(viaRest.data.number).toBe(`INV-${year}-00002`);
    const read = await api.request(`/api/v1/invoices/${viaTrpc.data.id}`, { headers: bearer(key) });
    expect(await client.invoices.get.query({ id: viaTrpc.data.id })).toEqual(await read.json());
    const listed = await api.request('/api/v1/invoices?status=DRAFT&limit=5', { headers: bearer(key) });
    expect(await client.invoices.list.query({ status: 'DRAFT', limit: 5 })).toEqual(await listed.json());
  });

  it('invoices.create refuses invalid lines with 400 invalid_body, and invoices.get answers 404', async () => {
    const client = createComptoirClient({ url: api.baseUrl, apiKey: (await api.make.key(workspaceId)).key });
    await expect(
      client.invoices.create.mutate({ ...valid, lines: [{ ...line, quantity: 0.00001 }] }),
    ).rejects.toMatchObject({ data: { httpStatus: 400, error: { code: 'invalid_body' } } });
    await expect(client.invoices.get.query({ id: 'inv_00000000000000000000000000' })).rejects.toMatchObject({
      data: { httpStatus: 404, error: { code: 'not_found' } },
    });
  });
});
