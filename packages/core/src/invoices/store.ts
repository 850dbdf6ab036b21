import {
  type Database,
  type EntityManager,
  isIdOf,
  kysely,
  reusedStatement,
  toIso,
  toIsoOrNull,
} from '@comptoir/db';
import { type Selectable, sql } from 'kysely';
import { einvoiceView } from '../einvoicing/store.ts';
import { amountsOfRow, documentLines } from '../lines/store.ts';
import { documentTotals } from '../lines/totals.ts';
import { documentSearchPage } from '../paging/document-search.ts';
import type { ListPage } from '../paging/index.ts';
import { keptTotal, selectPage } from '../paging/select-page.ts';
import type { InvoiceDetailView, InvoiceListQuery, InvoiceView, PaymentView } from './schemas.ts';
import { owesBalance } from './status.ts';

export type InvoiceRow = Selectable<Database['invoices']>;

/** The column is nullable for the schema's sake; the statement that inserts an invoice numbers it. */
function assignedNumber(row: InvoiceRow): string {
  if (row.number === null) throw new Error(`invoice ${row.id} has no number`);
  return row.number;
}

export function invoiceView(row: InvoiceRow): InvoiceView {
  return {
    id: row.id,
    number: assignedNumber(row),
    title: row.title,
    status: row.status,
    type: row.type,
    clientName: row.client_name,
    clientCompany: row.client_company,
    clientEmail: row.client_email,
    clientAddress: row.client_address,
    clientPostalCode: row.client_postal_code,
    clientCity: row.client_city,
    clientCountryCode: row.client_country_code,
    clientSiren: row.client_siren,
    clientVatNumber: row.client_vat_number,
    deliveryAddress: row.delivery_address,
    operationCategory: row.operation_category,
    deliveryDate: row.delivery_date,
    vatExemption: row.vat_exemption,
    currency: row.currency,
    taxRate: Number(row.tax_rate),
    discountPercent: Number(row.discount_percent),
    reverseCharge: row.reverse_charge,
    issuedAt: toIsoOrNull(row.issued_at),
    dueAt: toIsoOrNull(row.due_at),
    paidAt: toIsoOrNull(row.paid_at),
    paidAmount: Number(row.paid_amount),
    creditedInvoiceId: row.credited_invoice_id,
    creditNoteId: row.credit_note_id,
    einvoice: einvoiceView(row),
    totals: documentTotals(amountsOfRow(row), row.paid_amount, owesBalance(row)),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * A page of the workspace's invoices, newest first, optionally of one status (see selectPage),
 * its total from the counters kept per status; with `q`, a search page (documentSearchPage).
 */
export async function invoicePage(
  em: EntityManager,
  workspaceId: string,
  query: InvoiceListQuery,
): Promise<ListPage<InvoiceView>> {
  const q = query.q?.trim();
  if (q)
    return documentSearchPage(em, 'invoices', { workspaceId, q, status: query.status }, query, invoiceView);
  let matching = kysely(em).selectFrom('invoices').where('workspace_id', '=', workspaceId);
  if (query.status) matching = matching.where('status', '=', query.status);
  return selectPage(
    matching.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    query,
    invoiceView,
    keptTotal(em, 'invoices', workspaceId, query.status),
  );
}

/** An invoice of the workspace, none for an id of another shape; `forUpdate` locks it. */
export async function findInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<InvoiceView | undefined> {
  if (!isIdOf('invoice', id)) return undefined;
  const [row] = await (forUpdate ? invoiceByIdForUpdate : invoiceById).run(em, workspaceId, id);
  return row && invoiceView(row);
}

// An invoice's read is three statements (the invoice, its lines, its payments), each compiled
// once, like the quote's (the lines' in lines/store.ts).
const invoiceByIdStatement = (forUpdate: boolean) =>
  reusedStatement<[workspaceId: string, id: string], InvoiceRow>(2, (db, workspaceId = '', id = '') =>
    db
      .selectFrom('invoices')
      .selectAll()
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .$if(forUpdate, (query) => query.forUpdate()),
  );
const invoiceById = invoiceByIdStatement(false);
const invoiceByIdForUpdate = invoiceByIdStatement(true);

const paymentsOfInvoice = reusedStatement<[invoiceId: string], Selectable<Database['invoice_payments']>>(
  1,
  (db, invoiceId = '') =>
    db
      .selectFrom('invoice_payments')
      .selectAll()
      .where('invoice_id', '=', invoiceId)
      .orderBy('paid_at')
      .orderBy('id'),
);

/** An invoice's payments, oldest first. */
export async function invoicePayments(em: EntityManager, invoiceId: string): Promise<PaymentView[]> {
  return (await paymentsOfInvoice.run(em, invoiceId)).map(paymentView);
}

export function paymentView(payment: Selectable<Database['invoice_payments']>): PaymentView {
  return {
    id: payment.id,
    amount: Number(payment.amount),
    paidAt: toIso(payment.paid_at),
    method: payment.method,
    reference: payment.reference,
  };
}

/** The detail of an invoice read by findInvoice: its lines and its payments. */
export async function invoiceDetail(em: EntityManager, invoice: InvoiceView): Promise<InvoiceDetailView> {
  const lines = await documentLines(em, 'invoice', invoice.id);
  return { ...invoice, lines, payments: await invoicePayments(em, invoice.id) };
}

/** What the overdue sweep takes: the predicate of the partial index invoices_overdue_idx. */
const overdueCandidate = sql<boolean>`status in ('SENT', 'PARTIAL')`;

/**
 * Marks OVERDUE up to `limit` SENT or PARTIAL invoices of any workspace whose due date is
 * before `now` (the database's clock unless given), oldest due first, and answers them as they
 * now are. Rows another transaction holds are skipped (SKIP LOCKED): it is moving or paying
 * them; the UPDATE checks the status again, so one changed meanwhile stays as it is.
 */
export async function markDueInvoicesOverdue(
  tx: EntityManager,
  limit: number,
  now?: Date,
): Promise<{ workspaceId: string; invoice: InvoiceView }[]> {
  const clock = now ? sql<Date>`${now.toISOString()}::timestamptz` : sql<Date>`now()`;
  const rows = await kysely(tx)
    .updateTable('invoices')
    .set({ status: 'OVERDUE', updated_at: sql<Date>`now()` })
    .where('id', 'in', (db) =>
      db
        .selectFrom('invoices')
        .select('id')
        .where(overdueCandidate)
        .where('due_at', '<', clock)
        .orderBy('due_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .where(overdueCandidate)
    .returningAll()
    .execute();
  return rows.map((row) => ({ workspaceId: row.workspace_id, invoice: invoiceView(row) }));
}

/** How many invoices (credit notes included) the workspace has. */
export async function invoiceCount(em: EntityManager, workspaceId: string): Promise<number> {
  const row = await kysely(em)
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
