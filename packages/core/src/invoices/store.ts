import {
  type Database,
  type EntityManager,
  isIdOf,
  kysely,
  preparedStatement,
  reusedStatement,
  toIso,
  toIsoOrNull,
} from '@comptoir/db';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import { completedEventsInsert } from '../events/store.ts';
import type { LineCreate } from '../lines/schemas.ts';
import { amountsOfRow, documentLines, documentsLinesInsert } from '../lines/store.ts';
import { type DocumentAmounts, documentTotals } from '../lines/totals.ts';
import { documentNumbersCte } from '../numbering/store.ts';
import type { ListPage } from '../paging/index.ts';
import { keptTotal, selectPage } from '../paging/select-page.ts';
import type { InvoiceDetailView, InvoiceListQuery, InvoiceView, PaymentView } from './schemas.ts';

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
    totals: documentTotals(amountsOfRow(row), row.paid_amount),
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/**
 * A page of the workspace's invoices, newest first, optionally of one status (see selectPage),
 * its total from the counters kept per status.
 */
export async function invoicePage(
  em: EntityManager,
  workspaceId: string,
  query: InvoiceListQuery,
): Promise<ListPage<InvoiceView>> {
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

/** A composed invoice waiting for its number: what insertNumberedInvoices stores. */
export interface UnnumberedInvoice {
  invoice: Omit<InvoiceView, 'number'>;
  amounts: DocumentAmounts;
  lines: readonly LineCreate[];
  /** The id of its `invoice.created` event (ids sort in the order invoices are composed). */
  eventId: string;
}

/**
 * Stores composed invoices, their lines and their `invoice.created` events, with the next
 * numbers of the year in the order given, and returns those numbers in that order.
 *
 * ONE statement, kept as SQL (docs/benchmarks.md, "Invoice creation: one statement", "… in
 * batches"): its CTEs take the numbers (one increment of the counter for all of them), insert
 * the invoices, their lines and their events, whose data the statement completes with each
 * number. The counter's lock is held for that statement and its commit only. `alsoWrite` is one
 * more data-modifying statement run as a CTE of it, for a write that needs the invoice to exist
 * (a quote's link to it) without a round trip under the counter's lock.
 */
export async function insertNumberedInvoices(
  em: EntityManager,
  workspaceId: string,
  unnumbered: readonly UnnumberedInvoice[],
  alsoWrite?: RawBuilder<unknown>,
): Promise<string[]> {
  if (unnumbered.length === 0) return [];
  // Every invoice as one JSON record: the statement's text is the same for one or for many.
  const records = unnumbered.map(({ invoice, amounts, eventId }, index) => ({
    ordinal: index + 1,
    id: invoice.id,
    title: invoice.title,
    status: invoice.status,
    type: invoice.type,
    client_name: invoice.clientName,
    client_company: invoice.clientCompany,
    client_email: invoice.clientEmail,
    client_address: invoice.clientAddress,
    client_postal_code: invoice.clientPostalCode,
    client_city: invoice.clientCity,
    client_country_code: invoice.clientCountryCode,
    client_siren: invoice.clientSiren,
    client_vat_number: invoice.clientVatNumber,
    delivery_address: invoice.deliveryAddress,
    operation_category: invoice.operationCategory,
    currency: invoice.currency,
    tax_rate: String(invoice.taxRate),
    discount_percent: String(invoice.discountPercent),
    reverse_charge: invoice.reverseCharge,
    subtotal: String(amounts.subtotal),
    discount_amount: String(amounts.discountAmount),
    taxes: amounts.taxes,
    tax_total: String(amounts.taxTotal),
    total: String(amounts.total),
    issued_at: invoice.issuedAt,
    due_at: invoice.dueAt,
    paid_at: invoice.paidAt,
    paid_amount: String(invoice.paidAmount),
    created_at: invoice.createdAt,
    updated_at: invoice.updatedAt,
    event_id: eventId,
    event_data: invoice,
  }));
  const events = completedEventsInsert(workspaceId, 'invoice.created', {
    rows: sql`composed join invoice on invoice.id = composed.id`,
    completions: { number: 'invoice.number' },
  });
  const lines = documentsLinesInsert(
    'invoice',
    workspaceId,
    unnumbered.map(({ invoice, lines }) => ({ documentId: invoice.id, lines })),
  );
  const statement = sql<{
    number: string;
  }>`with ${documentNumbersCte('invoice', workspaceId, unnumbered.length)},
     composed as (
       select * from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(ordinal int, id text, title text,
         status text, type text, client_name text, client_company text, client_email text, client_address text,
         client_postal_code text, client_city text, client_country_code text, client_siren text,
         client_vat_number text, delivery_address text, operation_category text, currency text, tax_rate numeric,
         discount_percent numeric, reverse_charge boolean, subtotal numeric, discount_amount numeric, taxes jsonb,
         tax_total numeric, total numeric, issued_at timestamptz, due_at timestamptz, paid_at timestamptz,
         paid_amount numeric, created_at timestamptz, updated_at timestamptz, event_id text, event_data jsonb)
     ),
     invoice as (
       insert into invoices (id, workspace_id, number, title, status, type, client_name, client_company,
                             client_email, client_address, client_postal_code, client_city,
                             client_country_code, client_siren, client_vat_number, delivery_address,
                             operation_category, currency, tax_rate, discount_percent, reverse_charge, subtotal,
                             discount_amount, taxes, tax_total, total, issued_at, due_at, paid_at, paid_amount,
                             created_at, updated_at)
       select c.id, ${workspaceId}, n.assigned, c.title, c.status, c.type, c.client_name, c.client_company,
              c.client_email, c.client_address, c.client_postal_code, c.client_city, c.client_country_code,
              c.client_siren, c.client_vat_number, c.delivery_address, c.operation_category, c.currency,
              c.tax_rate, c.discount_percent, c.reverse_charge, c.subtotal, c.discount_amount, c.taxes,
              c.tax_total, c.total, c.issued_at, c.due_at, c.paid_at, c.paid_amount, c.created_at, c.updated_at
         from composed c join document_numbers n on n.ordinal = c.ordinal
       returning id, number
     ),
     lines as (${lines}),
     event as (${events})${
       alsoWrite
         ? sql`,
     also_written as (${alsoWrite})`
         : sql``
     }
     select invoice.number from composed join invoice on invoice.id = composed.id order by composed.ordinal`;
  // Alone, the statement commits by itself and its text is the same for every batch (records,
  // lines and count are parameters): a named prepared statement spares PostgreSQL parsing and
  // planning it on every creation. In a transaction (a quote's conversion) it runs on the
  // transaction's connection as it is.
  const rows =
    alsoWrite || em.isInTransaction()
      ? (await statement.execute(kysely(em))).rows
      : await preparedStatement<{ number: string }>(em, statement.compile(kysely(em)));
  if (rows.length !== unnumbered.length) {
    throw new Error(`the invoice insert numbered ${rows.length} of ${unnumbered.length} invoices`);
  }
  return rows.map((row) => row.number);
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
