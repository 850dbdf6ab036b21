import { createComptoirClient } from '@comptoir/client';
import type { TestApi } from '../harness.ts';
import { callApi } from './http.ts';
import type { Workspace } from './records.ts';

/** The invoice lifecycle tests' records: invoices in each status, made through the typed client. */

export const invoiceLine = { title: 'Conseil', quantity: 2, unitPrice: 50, taxRate: 20 };
/** One line of 100 at 20 % VAT: a total of 120. */
export const invoiceInput = {
  clientName: 'Café du Port',
  clientEmail: 'compta@port.test',
  lines: [invoiceLine],
};

export const clientOf = (api: TestApi, workspace: Workspace) =>
  createComptoirClient({ url: api.baseUrl, apiKey: workspace.key });
export type Client = ReturnType<typeof clientOf>;
export type InvoiceDetail = Awaited<ReturnType<Client['invoices']['get']['query']>>['data'];

/** The invoice as lists and invoice.* events show it: the detail without lines and payments. */
export const listShape = ({ lines: _lines, payments: _payments, ...invoice }: InvoiceDetail) => invoice;

/** GET /invoices/{id} over REST. */
export async function restInvoice(api: TestApi, workspace: Workspace, id: string): Promise<InvoiceDetail> {
  const answer = await callApi<{ data: InvoiceDetail }>(
    api,
    'GET',
    `/invoices/${id}`,
    undefined,
    workspace.headers,
  );
  if (answer.status !== 200)
    throw new Error(`GET /invoices/${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

export const invoiceStates = ['DRAFT', 'SENT', 'PARTIAL', 'PAID', 'CANCELLED', 'CREDIT_NOTE'] as const;
export type InvoiceState = (typeof invoiceStates)[number];

/** A new invoice in `state` (CREDIT_NOTE: the credit note of a cancelled SENT invoice). */
export async function invoiceIn(client: Client, state: InvoiceState): Promise<InvoiceDetail> {
  const { data: draft } = await client.invoices.create.mutate(invoiceInput);
  const { id } = draft;
  if (state === 'DRAFT') return (await client.invoices.get.query({ id })).data;
  if (state === 'CANCELLED') return (await client.invoices.cancel.mutate({ id })).data;
  const { data: sent } = await client.invoices.send.mutate({ id });
  if (state === 'SENT') return sent;
  if (state === 'PARTIAL' || state === 'PAID') {
    const amount = state === 'PAID' ? 120 : 1;
    return (await client.invoices.recordPayment.mutate({ id, amount, method: 'cash' })).data;
  }
  const { data: cancelled } = await client.invoices.cancel.mutate({ id });
  if (!cancelled.creditNoteId) throw new Error('a cancelled SENT invoice has no credit note');
  return (await client.invoices.get.query({ id: cancelled.creditNoteId })).data;
}
