import { AppError } from '../errors/index.ts';
import type { InvoiceView } from './schemas.ts';

type Operation = 'update' | 'send' | 'record a payment on' | 'cancel';

/** 409 invalid_transition, naming the invoice's status (or its type) and the operation. */
export function invalidTransition(invoice: Pick<InvoiceView, 'type' | 'status'>, operation: Operation) {
  const what = invoice.type === 'credit_note' ? 'a credit note' : `an invoice in status ${invoice.status}`;
  return new AppError('invalid_transition', `Cannot ${operation} ${what}`);
}

/**
 * A credit note is issued once and for all: no transition applies to it. The check comes
 * before any status check, so a credit note is always refused as such.
 */
export function refuseCreditNote(invoice: Pick<InvoiceView, 'type' | 'status'>, operation: Operation): void {
  if (invoice.type === 'credit_note') throw invalidTransition(invoice, operation);
}

/** Only a DRAFT invoice can be updated or sent (409 invoice_not_draft, as api-v1.md names it). */
export function requireDraftInvoice(
  invoice: Pick<InvoiceView, 'type' | 'status'>,
  operation: Operation,
): void {
  refuseCreditNote(invoice, operation);
  if (invoice.status !== 'DRAFT') {
    throw new AppError('invoice_not_draft', `Cannot ${operation} an invoice in status ${invoice.status}`);
  }
}

/**
 * Whether the invoice asks to be paid what its total leaves after payments (rulings,
 * "Lifecycles"): a CANCELLED invoice does not (its credit note settled it), nor does a credit
 * note. So a sum of balances is what the business is owed.
 */
export function owesBalance(invoice: Pick<InvoiceView, 'type' | 'status'>): boolean {
  return invoice.type === 'invoice' && invoice.status !== 'CANCELLED';
}
