import { type EntityManager, inTransaction } from '@comptoir/db';
import { Decimal } from 'decimal.js';
import { owePaymentStatus } from '../einvoicing/owe-payment-status.ts';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvents } from '../events/record.ts';
import type { NewEvent } from '../events/schemas.ts';
import {
  type InvoiceDetailView,
  type InvoiceView,
  type PaymentCreate,
  paymentCreateSchema,
} from './schemas.ts';
import { invalidTransition, refuseCreditNote } from './status.ts';
import { findInvoice, invoiceDetail } from './store.ts';
import { insertPayment, settleInvoice } from './transition-store.ts';

const payable: ReadonlySet<InvoiceView['status']> = new Set(['SENT', 'PARTIAL', 'OVERDUE']);

/**
 * Records a payment on a SENT, PARTIAL or OVERDUE invoice, at most its balance (422
 * payment_exceeds_balance). Paid in full, it becomes PAID on that payment's date; else a SENT
 * invoice becomes PARTIAL and an OVERDUE one stays OVERDUE. Records `invoice.payment_recorded`,
 * and `invoice.paid` when paid in full; owes the platform an Encaissée when the VAT is due on
 * payment (einvoicing/owe-payment-status.ts).
 */
export async function recordInvoicePayment(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: PaymentCreate,
): Promise<InvoiceDetailView> {
  const data = paymentCreateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findInvoice(tx, workspaceId, id, true);
    if (!current) throw notFound('Invoice');
    refuseCreditNote(current, 'record a payment on');
    if (!payable.has(current.status)) throw invalidTransition(current, 'record a payment on');
    const total = new Decimal(current.totals.total);
    const balance = total.minus(current.paidAmount);
    if (new Decimal(data.amount).greaterThan(balance)) {
      throw new AppError(
        'payment_exceeds_balance',
        `The payment of ${data.amount} exceeds the invoice's balance of ${balance.toString()}`,
        { details: [{ path: 'amount', message: `must be at most ${balance.toString()}` }] },
      );
    }
    const payment = await insertPayment(tx, workspaceId, id, data);
    await owePaymentStatus(tx, workspaceId, current, payment);
    const paidAmount = new Decimal(current.paidAmount).plus(data.amount);
    const paidInFull = paidAmount.equals(total);
    await settleInvoice(tx, id, {
      paidAmount: paidAmount.toString(),
      status: paidInFull ? 'PAID' : current.status === 'SENT' ? 'PARTIAL' : current.status,
      paidAt: paidInFull ? payment.paidAt : null,
    });
    const settled = await findInvoice(tx, workspaceId, id);
    if (!settled) throw new Error('paid invoice not found');
    const events: NewEvent[] = [{ type: 'invoice.payment_recorded', data: { ...settled, payment } }];
    if (paidInFull) events.push({ type: 'invoice.paid', data: settled });
    await recordEvents(tx, workspaceId, events);
    return invoiceDetail(tx, settled);
  });
}
