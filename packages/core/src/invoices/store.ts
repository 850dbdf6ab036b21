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

export interface Owed {
  amount: number;
  count: number;
}

/**
 * What the workspace's invoices in `currency` are owed, at `now`: the balances (total − paid) of
 * the overdue ones (OVERDUE, and SENT or PARTIAL past their due date, which the sweep has not
 * marked yet) and of the SENT or PARTIAL ones due from now to `dueBy`. Credit notes and
 * cancelled invoices owe nothing (owesBalance) and are left out by status and type. One
 * statement, read from the covering index invoices_owed_idx
 * (Migration20261201100200_dashboard_receivables).
 */
export async function owedInvoices(
  em: EntityManager,
  workspaceId: string,
  currency: string,
  now: Date,
  dueBy: Date,
): Promise<{ overdue: Owed; dueSoon: Owed }> {
  const at = sql<Date>`${now.toISOString()}::timestamptz`;
  const by = sql<Date>`${dueBy.toISOString()}::timestamptz`;
  const overdue = sql<boolean>`(status = 'OVERDUE' or (status in ('SENT', 'PARTIAL') and due_at < ${at}))`;
  const dueSoon = sql<boolean>`(status in ('SENT', 'PARTIAL') and due_at >= ${at} and due_at < ${by})`;
  const row = await kysely(em)
    .selectFrom('invoices')
    .select([
      sql<string>`coalesce(sum(total - paid_amount) filter (where ${overdue}), 0)`.as('overdue_amount'),
      sql<string>`count(*) filter (where ${overdue})`.as('overdue_count'),
      sql<string>`coalesce(sum(total - paid_amount) filter (where ${dueSoon}), 0)`.as('due_soon_amount'),
      sql<string>`count(*) filter (where ${dueSoon})`.as('due_soon_count'),
    ])
    .where('workspace_id', '=', workspaceId)
    // the predicate of invoices_owed_idx, written as there (a literal, not parameters)
    .where(sql<boolean>`status in ('SENT', 'PARTIAL', 'OVERDUE')`)
    .where('type', '=', 'invoice')
    .where('currency', '=', currency)
    .executeTakeFirstOrThrow();
  return {
    overdue: { amount: Number(row.overdue_amount), count: Number(row.overdue_count) },
    dueSoon: { amount: Number(row.due_soon_amount), count: Number(row.due_soon_count) },
  };
}

/**
 * The workspace's revenue in `currency` per calendar month (UTC, `YYYY-MM`) of issue, from `from`
 * (included) to `to` (excluded): the totals excluding tax (total − tax) of the invoices issued,
 * a cancelled one included, less those of the credit notes issued, each in the month of its own
 * issue. Drafts have no issue date. Months without a document are absent. Summed in NUMERIC:
 * exact to the cent. Read from the covering index invoices_revenue_idx.
 */
export async function revenueByIssueMonth(
  em: EntityManager,
  workspaceId: string,
  currency: string,
  from: Date,
  to: Date,
): Promise<Map<string, number>> {
  const rows = await kysely(em)
    .selectFrom('invoices')
    .select([
      sql<string>`to_char(issued_at at time zone 'UTC', 'YYYY-MM')`.as('month'),
      sql<string>`sum(case when type = 'credit_note' then tax_total - total else total - tax_total end)`.as(
        'amount',
      ),
    ])
    .where('workspace_id', '=', workspaceId)
    // the predicate of invoices_revenue_idx, written as there
    .where(sql<boolean>`status <> 'DRAFT'`)
    .where('currency', '=', currency)
    .where('issued_at', '>=', sql<Date>`${from.toISOString()}::timestamptz`)
    .where('issued_at', '<', sql<Date>`${to.toISOString()}::timestamptz`)
    .groupBy(sql`1`)
    .execute();
  return new Map(rows.map((row) => [row.month, Number(row.amount)]));
}
