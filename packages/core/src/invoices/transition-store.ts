import { type Database, type EntityManager, kysely, newId } from '@comptoir/db';
import { sql, type Updateable } from 'kysely';
import { amountsColumns } from '../lines/store.ts';
import type { DocumentAmounts } from '../lines/totals.ts';
import type { InvoicePatch, InvoiceView, PaymentInput, PaymentView } from './schemas.ts';
import { invoiceView, paymentView } from './store.ts';

// The writes of the invoice transitions (update, send, recordPayment, cancel), beside the
// invoice's reads in store.ts; each runs in its use case's transaction, on an invoice it
// read FOR UPDATE.

/** The transaction's start time: every statement of a transaction sees the same `now()`. */
const transactionStart = sql<Date>`now()`;

/** What `invoices.update` recomputed when the lines or the terms changed. */
export interface RecomputedAmounts {
  amounts: DocumentAmounts;
  /** The first line's rate, the invoice's `taxRate`, when the lines were replaced. */
  firstLineTaxRate?: number;
}

/** The columns a patch changes (undefined means "leave as is"), and the recomputed amounts. */
function invoiceChanges(patch: InvoicePatch, recomputed: RecomputedAmounts | undefined) {
  const changes: Updateable<Database['invoices']> = {};
  if (patch.title !== undefined) changes.title = patch.title;
  if (patch.clientName !== undefined) changes.client_name = patch.clientName;
  if (patch.clientCompany !== undefined) changes.client_company = patch.clientCompany;
  if (patch.clientEmail !== undefined) changes.client_email = patch.clientEmail;
  if (patch.clientAddress !== undefined) changes.client_address = patch.clientAddress;
  if (patch.clientPostalCode !== undefined) changes.client_postal_code = patch.clientPostalCode;
  if (patch.clientCity !== undefined) changes.client_city = patch.clientCity;
  if (patch.clientCountryCode !== undefined) changes.client_country_code = patch.clientCountryCode;
  if (patch.clientSiren !== undefined) changes.client_siren = patch.clientSiren;
  if (patch.clientVatNumber !== undefined) changes.client_vat_number = patch.clientVatNumber;
  if (patch.deliveryAddress !== undefined) changes.delivery_address = patch.deliveryAddress;
  if (patch.operationCategory !== undefined) changes.operation_category = patch.operationCategory;
  if (patch.deliveryDate !== undefined) changes.delivery_date = patch.deliveryDate;
  if (patch.vatExemption !== undefined) changes.vat_exemption = patch.vatExemption;
  if (patch.dueAt !== undefined) changes.due_at = patch.dueAt === null ? null : new Date(patch.dueAt);
  // NUMERIC columns get text, never a binary float
  if (patch.discountPercent !== undefined) changes.discount_percent = String(patch.discountPercent);
  if (patch.reverseCharge !== undefined) changes.reverse_charge = patch.reverseCharge;
  if (!recomputed) return changes;
  const { amounts, firstLineTaxRate } = recomputed;
  if (firstLineTaxRate !== undefined) changes.tax_rate = String(firstLineTaxRate);
  return { ...changes, ...amountsColumns(amounts) };
}

/**
 * Writes the fields a patch gives, and the amounts when they were recomputed. Returns false when
 * there was nothing to write (the invoice is untouched, updated_at included).
 */
export async function updateInvoiceFields(
  tx: EntityManager,
  id: string,
  patch: InvoicePatch,
  recomputed: RecomputedAmounts | undefined,
): Promise<boolean> {
  const changes = invoiceChanges(patch, recomputed);
  if (Object.keys(changes).length === 0) return false;
  await kysely(tx)
    .updateTable('invoices')
    .set({ ...changes, updated_at: transactionStart })
    .where('id', '=', id)
    .execute();
  return true;
}

/**
 * Serialises the sends of a workspace until the transaction ends (an advisory lock: a row lock
 * on the workspace would also block every insert referencing it), then reads the clock and the
 * latest issue date of its invoices. The clock is read after the lock, so it is past the issue
 * date of every send that held the lock before.
 */
export async function lockInvoiceIssuing(
  tx: EntityManager,
  workspaceId: string,
): Promise<{ now: Date; latestIssuedAt: Date | null }> {
  const db = kysely(tx);
  await sql`select pg_advisory_xact_lock(hashtext('invoice-issue'), hashtext(${workspaceId}))`.execute(db);
  const row = await db
    .selectFrom('invoices')
    .select([sql<Date>`clock_timestamp()`.as('now'), (eb) => eb.fn.max('issued_at').as('latest')])
    .where('workspace_id', '=', workspaceId)
    .where('type', '=', 'invoice')
    .where('status', '<>', 'DRAFT')
    .executeTakeFirstOrThrow();
  return { now: new Date(row.now), latestIssuedAt: row.latest === null ? null : new Date(row.latest) };
}

/** DRAFT -> SENT, issued at `issuedAt`. */
export async function markInvoiceSent(
  tx: EntityManager,
  id: string,
  issuedAt: Date,
  now: Date,
): Promise<void> {
  await kysely(tx)
    .updateTable('invoices')
    .set({ status: 'SENT', issued_at: issuedAt, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Stores a payment of an invoice, paid at `paidAt` or now, and returns it. */
export async function insertPayment(
  tx: EntityManager,
  workspaceId: string,
  invoiceId: string,
  payment: PaymentInput,
): Promise<PaymentView> {
  const row = await kysely(tx)
    .insertInto('invoice_payments')
    .values({
      id: newId('payment'),
      workspace_id: workspaceId,
      invoice_id: invoiceId,
      amount: String(payment.amount),
      paid_at: payment.paidAt === undefined ? transactionStart : new Date(payment.paidAt),
      method: payment.method,
      reference: payment.reference ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return paymentView(row);
}

/** The invoice's new paid amount and status after a payment (`paidAt` once paid in full). */
export async function settleInvoice(
  tx: EntityManager,
  id: string,
  settlement: { paidAmount: string; status: InvoiceView['status']; paidAt: string | null },
): Promise<void> {
  await kysely(tx)
    .updateTable('invoices')
    .set({
      paid_amount: settlement.paidAmount,
      status: settlement.status,
      paid_at: settlement.paidAt === null ? null : new Date(settlement.paidAt),
      updated_at: transactionStart,
    })
    .where('id', '=', id)
    .execute();
}

/** The invoice becomes CANCELLED, linked to the credit note that cancels it, if any. */
export async function markInvoiceCancelled(
  tx: EntityManager,
  id: string,
  creditNoteId: string | null,
): Promise<void> {
  await kysely(tx)
    .updateTable('invoices')
    .set({ status: 'CANCELLED', credit_note_id: creditNoteId, updated_at: transactionStart })
    .where('id', '=', id)
    .execute();
}

/**
 * The invoice's columns a credit note copies: its client, delivery date, VAT treatment, currency,
 * terms and amounts (its document states the same VAT as the invoice's).
 */
const creditedColumns = [
  'title',
  'client_name',
  'client_company',
  'client_email',
  'client_address',
  'client_postal_code',
  'client_city',
  'client_country_code',
  'client_siren',
  'client_vat_number',
  'delivery_address',
  'operation_category',
  'delivery_date',
  'vat_exemption',
  'currency',
  'tax_rate',
  'discount_percent',
  'reverse_charge',
  'subtotal',
  'discount_amount',
  'taxes',
  'tax_total',
  'total',
] as const;

/**
 * Inserts the credit note of an invoice, unnumbered (numberDocument numbers it, last), SENT and
 * issued now, with no due date, copying the invoice's client, currency, terms and amounts.
 * Returns it as the list shows it, its number null until then.
 */
export async function insertCreditNote(
  tx: EntityManager,
  workspaceId: string,
  invoiceId: string,
  creditNoteId: string,
): Promise<Omit<InvoiceView, 'number'> & { number: null }> {
  const row = await kysely(tx)
    .insertInto('invoices')
    .columns(['id', 'workspace_id', 'type', 'status', 'issued_at', 'credited_invoice_id', ...creditedColumns])
    .expression((eb) =>
      eb
        .selectFrom('invoices')
        .select([
          eb.val(creditNoteId).as('id'),
          'workspace_id',
          sql.lit('credit_note').as('type'),
          sql.lit('SENT').as('status'),
          // Issued now, and never before the invoice it cancels, even when that invoice was
          // issued later in this same transaction (rulings, "Lifecycles").
          sql<Date>`greatest(${transactionStart}, issued_at)`.as('issued_at'),
          'id as credited_invoice_id',
          ...creditedColumns,
        ])
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', invoiceId),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  // The view of a numbered row, whose number is yet to come.
  return { ...invoiceView({ ...row, number: '' }), number: null };
}
