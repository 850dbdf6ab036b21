import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { eventsAbout, idOf, isoDateTime, sellerWorkspace } from './support/index.ts';
import {
  clientOf,
  invoiceIn,
  invoiceInput,
  invoiceLine,
  listShape,
  restInvoice,
} from './support/invoice-states.ts';

// The refusals and isolation: invoice-lifecycle-refusals.test.ts; the concurrent transitions:
// invoice-lifecycle-concurrency.test.ts; authentication and scopes: common-routes.test.ts.

let api: TestApi;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const newWorkspace = async () => {
  const workspace = await sellerWorkspace(api);
  return { workspace, client: clientOf(api, workspace) };
};

describe('invoices.send and invoices.recordPayment', () => {
  it('takes an invoice DRAFT -> SENT -> PARTIAL -> PAID through the typed client, with its events', async () => {
    const { workspace, client } = await newWorkspace();
    const { data: draft } = await client.invoices.create.mutate(invoiceInput);
    const { data: sent } = await client.invoices.send.mutate({ id: draft.id });
    expect(sent).toMatchObject({
      status: 'SENT',
      issuedAt: isoDateTime,
      dueAt: draft.dueAt,
      number: draft.number,
    });
    const { data: partial } = await client.invoices.recordPayment.mutate({
      id: draft.id,
      amount: 20.5,
      method: 'transfer',
      reference: 'VIR 2026-118',
      paidAt: '2026-01-15T10:00:00+01:00',
    });
    expect(partial).toMatchObject({ status: 'PARTIAL', paidAmount: 20.5, paidAt: null });
    expect(partial.totals).toMatchObject({ total: 120, paid: 20.5, balance: 99.5 });
    const first = {
      id: idOf('pay'),
      amount: 20.5,
      paidAt: '2026-01-15T09:00:00.000Z',
      method: 'transfer',
      reference: 'VIR 2026-118',
    };
    expect(partial.payments).toEqual([first]);
    const { data: paid } = await client.invoices.recordPayment.mutate({
      id: draft.id,
      amount: 99.5,
      method: 'card',
    });
    const second = { id: idOf('pay'), amount: 99.5, paidAt: isoDateTime, method: 'card', reference: null };
    expect(paid.payments).toEqual([first, second]);
    expect(paid).toMatchObject({ status: 'PAID', paidAmount: 120, paidAt: paid.payments[1]?.paidAt });
    expect(paid.totals).toMatchObject({ paid: 120, balance: 0 });
    expect(await restInvoice(api, workspace, draft.id)).toEqual(paid);
    expect(await eventsAbout(api, draft.id)).toEqual([
      { type: 'invoice.created', data: draft },
      { type: 'invoice.sent', data: listShape(sent) },
      { type: 'invoice.payment_recorded', data: { ...listShape(partial), payment: partial.payments[0] } },
      { type: 'invoice.payment_recorded', data: { ...listShape(paid), payment: paid.payments[1] } },
      { type: 'invoice.paid', data: listShape(paid) },
    ]);
  });

  it('keeps an OVERDUE invoice OVERDUE until it is paid in full', async () => {
    const { client } = await newWorkspace();
    const sent = await invoiceIn(client, 'SENT');
    // the worker's sweep is tested with the worker; here the status is set as it sets it
    await api.db.orm.em.fork().execute(`update invoices set status = 'OVERDUE' where id = ?`, [sent.id]);
    const partial = await client.invoices.recordPayment.mutate({ id: sent.id, amount: 100, method: 'check' });
    expect(partial.data).toMatchObject({ status: 'OVERDUE', paidAmount: 100 });
    const paid = await client.invoices.recordPayment.mutate({ id: sent.id, amount: 20, method: 'check' });
    expect(paid.data).toMatchObject({ status: 'PAID', paidAmount: 120 });
  });

  it('sends on a given date, not before the latest issued invoice (the same instant is allowed)', async () => {
    const { client } = await newWorkspace();
    const first = await invoiceIn(client, 'DRAFT');
    const second = await invoiceIn(client, 'DRAFT');
    const issuedAt = '2026-01-02T08:00:00.000Z';
    expect((await client.invoices.send.mutate({ id: first.id, issuedAt })).data.issuedAt).toBe(issuedAt);
    expect((await client.invoices.send.mutate({ id: second.id, issuedAt })).data.issuedAt).toBe(issuedAt);
  });
});

describe('invoices.update', () => {
  it('changes the given fields, replaces the lines, recomputes the totals and records invoice.updated', async () => {
    const { workspace, client } = await newWorkspace();
    const draft = await invoiceIn(client, 'DRAFT');
    const { data: updated } = await client.invoices.update.mutate({
      id: draft.id,
      title: 'Audit',
      clientName: 'Hôtel de la Plage',
      clientCompany: 'Plage SAS',
      clientEmail: 'achats@plage.test',
      dueAt: '2027-01-31T00:00:00Z',
      discountPercent: 10,
      lines: [
        { title: 'Audit', quantity: 3, unitPrice: 100, taxRate: 20, unit: 'h' },
        { title: 'Livre', quantity: 1, unitPrice: 30, taxRate: 5.5, discountPercent: 50 },
      ],
    });
    expect(updated).toMatchObject({
      status: 'DRAFT',
      number: draft.number,
      title: 'Audit',
      clientName: 'Hôtel de la Plage',
      clientCompany: 'Plage SAS',
      clientEmail: 'achats@plage.test',
      dueAt: '2027-01-31T00:00:00.000Z',
      discountPercent: 10,
      taxRate: 20,
      totals: {
        subtotal: 315,
        discountAmount: 31.5,
        taxes: [
          { rate: 5.5, base: 13.5, amount: 0.74 },
          { rate: 20, base: 270, amount: 54 },
        ],
        total: 338.24,
        paid: 0,
        balance: 338.24,
      },
    });
    expect(updated.lines.map((line) => [line.description, line.unit, line.netAmount])).toEqual([
      ['Audit', 'h', 300],
      ['Livre', null, 15],
    ]);
    expect(await restInvoice(api, workspace, draft.id)).toEqual(updated);
    const events = await eventsAbout(api, draft.id);
    expect(events.map((event) => event.type)).toEqual(['invoice.created', 'invoice.updated']);
    expect(events[1]?.data).toEqual(listShape(updated));
  });

  it('recomputes the totals of the current lines when only the terms change', async () => {
    const { client } = await newWorkspace();
    const draft = await invoiceIn(client, 'DRAFT');
    const { data } = await client.invoices.update.mutate({
      id: draft.id,
      reverseCharge: true,
      discountPercent: 25,
    });
    expect(data.totals).toEqual({
      subtotal: 100,
      discountAmount: 25,
      taxes: [{ rate: 20, base: 75, amount: 0 }],
      total: 75,
      paid: 0,
      balance: 75,
    });
    expect(data.lines).toEqual(draft.lines);
  });

  it('changes nothing and records nothing for an empty patch', async () => {
    const { client } = await newWorkspace();
    const draft = await invoiceIn(client, 'DRAFT');
    expect((await client.invoices.update.mutate({ id: draft.id })).data).toEqual(draft);
    expect((await eventsAbout(api, draft.id)).map((event) => event.type)).toEqual(['invoice.created']);
  });
});

describe('invoices.cancel', () => {
  it('cancels a SENT invoice by a credit note AV-<year>-00001 mirroring it, linked both ways', async () => {
    const { workspace, client } = await newWorkspace();
    const { data: draft } = await client.invoices.create.mutate({
      ...invoiceInput,
      lines: [invoiceLine, { title: 'Déplacement', quantity: 1, unitPrice: 35.5, unit: 'km' }],
    });
    const { data: sent } = await client.invoices.send.mutate({ id: draft.id });
    const { data: cancelled } = await client.invoices.cancel.mutate({ id: sent.id });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', number: sent.number, creditNoteId: idOf('inv') });
    expect(await restInvoice(api, workspace, sent.id)).toEqual(cancelled);
    const creditNote = await restInvoice(api, workspace, cancelled.creditNoteId ?? '');
    expect(creditNote).toMatchObject({
      type: 'credit_note',
      number: `AV-${year}-00001`,
      status: 'SENT',
      issuedAt: isoDateTime,
      dueAt: null,
      creditedInvoiceId: sent.id,
      creditNoteId: null,
      title: sent.title,
      clientName: sent.clientName,
      clientEmail: sent.clientEmail,
      currency: sent.currency,
      // Its amounts mirror the invoice's; nothing is owed on either (rulings, "Lifecycles").
      totals: { ...sent.totals, balance: 0 },
      paidAmount: 0,
    });
    expect(cancelled.totals).toEqual({ ...sent.totals, balance: 0 });
    expect(Date.parse(creditNote.issuedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(sent.issuedAt ?? ''));
    const mirrored = ({ id: _id, ...line }: (typeof sent.lines)[number]) => line;
    expect(creditNote.lines.map(mirrored)).toEqual(sent.lines.map(mirrored));
    expect(creditNote.lines.every((line) => !sent.lines.some((original) => original.id === line.id))).toBe(
      true,
    );
    expect((await eventsAbout(api, sent.id)).map((event) => event.type)).toEqual([
      'invoice.created',
      'invoice.sent',
      'invoice.cancelled',
    ]);
    expect((await eventsAbout(api, sent.id)).at(-1)?.data).toEqual(listShape(cancelled));
    expect(await eventsAbout(api, creditNote.id)).toEqual([
      { type: 'credit_note.created', data: listShape(creditNote) },
    ]);
  });

  it('cancels an OVERDUE invoice with no payment by a credit note too', async () => {
    const { client } = await newWorkspace();
    const sent = await invoiceIn(client, 'SENT');
    await api.db.orm.em.fork().execute(`update invoices set status = 'OVERDUE' where id = ?`, [sent.id]);
    const { data } = await client.invoices.cancel.mutate({ id: sent.id });
    expect(data).toMatchObject({ status: 'CANCELLED', creditNoteId: idOf('inv') });
  });

  it('cancels a DRAFT, which keeps its number: the next invoice follows it with no gap', async () => {
    const { client } = await newWorkspace();
    const draft = await invoiceIn(client, 'DRAFT');
    const { data: cancelled } = await client.invoices.cancel.mutate({ id: draft.id });
    expect(cancelled).toMatchObject({ status: 'CANCELLED', number: `INV-${year}-00001`, creditNoteId: null });
    expect((await eventsAbout(api, draft.id)).at(-1)).toEqual({
      type: 'invoice.cancelled',
      data: listShape(cancelled),
    });
    const next = await invoiceIn(client, 'DRAFT');
    expect(next.number).toBe(`INV-${year}-00002`);
  });
});
