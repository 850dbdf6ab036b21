import { type EntityManager, inTransaction } from '@comptoir/db';
import { Decimal } from 'decimal.js';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvents } from '../events/record.ts';
import type { NewEvent } from '../events/schemas.ts';
import { type PaymentCreate, paymentCreateSchema } from '../invoices/schemas.ts';
import type { SupplierInvoiceDetailView } from './schemas.ts';
import { requireTransition } from './status.ts';
import {
  balanceOf,
  findSupplierInvoiceRow,
  insertSupplierPayment,
  settleSupplierInvoice,
  supplierInvoiceDetail,
  supplierInvoiceView,
} from './store.ts';

/**
 * Records a payment of an approved supplier invoice, as invoices.recordPayment does ours: at most
 * the balance (the amount due less the payments; 422 payment_exceeds_balance); paid in full it
 * becomes `paid` on that payment's date. Records `supplier_invoice.payment_recorded`, and
 * `supplier_invoice.paid` when paid in full. Not approved (or a credit note): 409 invalid_transition.
 */
export async function recordSupplierInvoicePayment(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: PaymentCreate,
): Promise<SupplierInvoiceDetailView> {
  const data = paymentCreateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findSupplierInvoiceRow(tx, workspaceId, id, true);
    if (!current) throw notFound('Supplier invoice');
    requireTransition(current, 'record a payment on');
    const balance = balanceOf(current);
    if (new Decimal(data.amount).greaterThan(balance)) {
      throw new AppError(
        'payment_exceeds_balance',
        `The payment of ${data.amount} exceeds the supplier invoice's balance of ${balance.toString()}`,
        { details: [{ path: 'amount', message: `must be at most ${balance.toString()}` }] },
      );
    }
    const payment = await insertSupplierPayment(tx, workspaceId, id, data);
    const paidAmount = new Decimal(current.paid_amount).plus(data.amount);
    const paidInFull = paidAmount.greaterThanOrEqualTo(current.amount_due ?? 0);
    const row = await settleSupplierInvoice(tx, id, {
      paidAmount: paidAmount.toString(),
      paid: paidInFull ? { at: payment.paidAt } : null,
    });
    const settled = supplierInvoiceView(row);
    const events: NewEvent[] = [{ type: 'supplier_invoice.payment_recorded', data: { ...settled, payment } }];
    if (paidInFull) events.push({ type: 'supplier_invoice.paid', data: settled });
    await recordEvents(tx, workspaceId, events);
    return supplierInvoiceDetail(tx, row);
  });
}
