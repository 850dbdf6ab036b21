import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import { callTrpc, eventsAbout, eventsOfWorkspace, sellerWorkspace } from './support/index.ts';
import { clientOf, type InvoiceDetail, invoiceIn, restInvoice } from './support/invoice-states.ts';

// The invoice transitions under concurrent requests: each runs on its invoice locked, so the
// outcome is that of some serial order.

let api: TestApi;
const year = new Date().getUTCFullYear();

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const statusesOf = (answers: { status: number }[]) =>
  answers.map((answer) => answer.status).sort((a, b) => a - b);
const errorCode = (answer: { body: unknown }) =>
  (answer.body as { error?: { data?: { error?: { code?: string } } } }).error?.data?.error?.code;

describe('concurrent transitions', () => {
  it('20 parallel sends of one invoice: one 200, nineteen 409 invoice_not_draft, one invoice.sent', async () => {
    const workspace = await sellerWorkspace(api);
    const draft = await invoiceIn(clientOf(api, workspace), 'DRAFT');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callTrpc(api, 'invoices.send', 'mutation', { id: draft.id }, workspace.headers),
      ),
    );
    expect(statusesOf(answers)).toEqual([200, ...Array(19).fill(409)]);
    expect(answers.filter((answer) => answer.status === 409).map(errorCode)).toEqual(
      Array(19).fill('invoice_not_draft'),
    );
    const types = (await eventsAbout(api, draft.id)).map((event) => event.type);
    expect(types).toEqual(['invoice.created', 'invoice.sent']);
  });

  it('20 parallel payments of 7 on a balance of 120: seventeen taken, the rest 422, paid = sum of the payments', async () => {
    const workspace = await sellerWorkspace(api);
    const sent = await invoiceIn(clientOf(api, workspace), 'SENT');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callTrpc(
          api,
          'invoices.recordPayment',
          'mutation',
          { id: sent.id, amount: 7, method: 'transfer' },
          workspace.headers,
        ),
      ),
    );
    expect(statusesOf(answers)).toEqual([...Array(17).fill(200), ...Array(3).fill(422)]);
    expect(answers.filter((answer) => answer.status === 422).map(errorCode)).toEqual(
      Array(3).fill('payment_exceeds_balance'),
    );
    const invoice = await restInvoice(api, workspace, sent.id);
    // summed in whole cents, which binary floats keep exactly
    const paymentsCents = invoice.payments.reduce(
      (sum, payment) => sum + Math.round(payment.amount * 100),
      0,
    );
    expect(invoice).toMatchObject({ status: 'PARTIAL', paidAmount: 119, paidAt: null });
    expect(invoice.totals).toMatchObject({ total: 120, paid: 119, balance: 1 });
    expect(paymentsCents).toBe(11900);
    const types = (await eventsAbout(api, sent.id)).map((event) => event.type);
    expect(types.filter((type) => type === 'invoice.payment_recorded')).toHaveLength(17);
  });

  it('20 parallel payments of 10 on a balance of 120: twelve taken, PAID once, the rest refused', async () => {
    const workspace = await sellerWorkspace(api);
    const sent = await invoiceIn(clientOf(api, workspace), 'SENT');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        callTrpc(
          api,
          'invoices.recordPayment',
          'mutation',
          { id: sent.id, amount: 10, method: 'card' },
          workspace.headers,
        ),
      ),
    );
    expect(statusesOf(answers)).toEqual([...Array(12).fill(200), ...Array(8).fill(409)]);
    const invoice = await restInvoice(api, workspace, sent.id);
    expect(invoice).toMatchObject({ status: 'PAID', paidAmount: 120 });
    expect(invoice.payments).toHaveLength(12);
    const types = (await eventsAbout(api, sent.id)).map((event) => event.type);
    expect(types.filter((type) => type === 'invoice.paid')).toHaveLength(1);
  });

  it('30 concurrent cancels of 30 SENT invoices: credit notes AV-<year>-00001 to 00030, no gap', async () => {
    const workspace = await sellerWorkspace(api);
    const client = clientOf(api, workspace);
    const invoices = [];
    for (let index = 0; index < 30; index++) invoices.push(await invoiceIn(client, 'SENT'));
    const answers = await Promise.all(
      invoices.map((invoice) =>
        callTrpc<{ result: { data: { data: InvoiceDetail } } }>(
          api,
          'invoices.cancel',
          'mutation',
          { id: invoice.id },
          workspace.headers,
        ),
      ),
    );
    expect(statusesOf(answers), JSON.stringify(answers.find((answer) => answer.status !== 200))).toEqual(
      Array(30).fill(200),
    );
    const cancelled = answers.map((answer) => answer.body.result.data.data);
    const creditNotes = await Promise.all(
      cancelled.map((invoice) => restInvoice(api, workspace, invoice.creditNoteId ?? '')),
    );
    const expected = Array.from(
      { length: 30 },
      (_, index) => `AV-${year}-${String(index + 1).padStart(5, '0')}`,
    );
    expect(creditNotes.map((note) => note.number).sort()).toEqual(expected);
    expect(creditNotes.map((note) => note.creditedInvoiceId)).toEqual(invoices.map((invoice) => invoice.id));
    const created = (await eventsOfWorkspace(api, workspace.workspaceId)).filter(
      (event) => event.type === 'credit_note.created',
    );
    const numbers = created.map((event) => (event.data as { number: string }).number).sort();
    expect(numbers).toEqual(expected);
  });
});
