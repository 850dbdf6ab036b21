import { AppError } from '../errors/index.ts';
import type { SupplierInvoiceRow } from './store.ts';

export type SupplierInvoiceOperation = 'approve' | 'refuse' | 'record a payment on' | 'receive the stock of';

/** 409 invalid_transition, naming the supplier invoice's status (or its type) and the operation. */
export function invalidTransition(
  invoice: Pick<SupplierInvoiceRow, 'status' | 'type'>,
  operation: SupplierInvoiceOperation,
): AppError {
  const what =
    invoice.type === 'credit_note' && invoice.status !== 'unreadable'
      ? `a supplier credit note in status ${invoice.status}`
      : `a supplier invoice in status ${invoice.status}`;
  return new AppError('invalid_transition', `Cannot ${operation} ${what}`);
}

/**
 * The lifecycle (rulings: "E-invoicing"): `received` → `approved` or `refused`; `approved` →
 * `paid` by payments. Refusing after approval, approving a refused one, or anything on an
 * unreadable file is 409. Payments go to approved invoices (not credit notes); a stock reception
 * to any readable invoice not refused.
 */
export function allows(
  invoice: Pick<SupplierInvoiceRow, 'status' | 'type'>,
  operation: SupplierInvoiceOperation,
): boolean {
  switch (operation) {
    case 'approve':
    case 'refuse':
      return invoice.status === 'received';
    case 'record a payment on':
      return invoice.status === 'approved' && invoice.type === 'invoice';
    case 'receive the stock of':
      return invoice.type === 'invoice' && ['received', 'approved', 'paid'].includes(invoice.status);
  }
}

export function requireTransition(
  invoice: Pick<SupplierInvoiceRow, 'status' | 'type'>,
  operation: SupplierInvoiceOperation,
): void {
  if (!allows(invoice, operation)) throw invalidTransition(invoice, operation);
}
