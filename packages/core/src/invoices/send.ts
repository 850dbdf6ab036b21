import { type EntityManager, inTransaction } from '@comptoir/db';
import { Decimal } from 'decimal.js';
import { oweSubmission } from '../einvoicing/issue.ts';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent, recordEvents } from '../events/record.ts';
import { findWorkspace } from '../workspaces/store.ts';
import { requireCompleteInvoice } from './completeness.ts';
import { type InvoiceDetailView, type InvoiceSend, invoiceSendSchema } from './schemas.ts';
import { requireDraftInvoice } from './status.ts';
import { findInvoice, invoiceDetail } from './store.ts';
import { lockInvoiceIssuing, markInvoiceSent, settleInvoice } from './transition-store.ts';

/**
 * Marks a DRAFT invoice SENT (no e-mail), issued at the given date or now, and records
 * `invoice.sent`. Invoices are issued in number order (rulings): a given date may be neither in
 * the future nor before the workspace's latest issued invoice (422
 * invoice_issue_date_out_of_order). An invoice that could not make a valid EN 16931 document
 * (seller identity, buyer country and SIREN: completeness.ts) is refused with 422
 * invoice_incomplete. The due date stays as it is. An invoice whose total is 0.00 is PAID as
 * it is sent (`paidAt` = `issuedAt`; `invoice.sent`, then `invoice.paid`).
 */
export async function sendInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: InvoiceSend = {},
): Promise<InvoiceDetailView> {
  const { issuedAt } = invoiceSendSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findInvoice(tx, workspaceId, id, true);
    if (!current) throw notFound('Invoice');
    requireDraftInvoice(current, 'send');
    const seller = await findWorkspace(tx, workspaceId);
    if (!seller) throw new Error(`workspace ${workspaceId} not found`);
    requireCompleteInvoice(current, seller);
    // Under this lock until the commit, no other send of the workspace can pass the check.
    const { now, latestIssuedAt } = await lockInvoiceIssuing(tx, workspaceId);
    const issued = issuedAt === undefined ? now : new Date(issuedAt);
    if (issued > now) {
      throw new AppError('invoice_issue_date_out_of_order', `issuedAt ${issuedAt} is in the future`, {
        details: [{ path: 'issuedAt', message: 'must not be in the future' }],
      });
    }
    if (latestIssuedAt && issued < latestIssuedAt) {
      throw new AppError(
        'invoice_issue_date_out_of_order',
        `issuedAt ${issued.toISOString()} is before the latest issued invoice (${latestIssuedAt.toISOString()})`,
        { details: [{ path: 'issuedAt', message: `must be at or after ${latestIssuedAt.toISOString()}` }] },
      );
    }
    await markInvoiceSent(tx, id, issued, now);
    await oweSubmission(tx, workspaceId, id);
    const sent = await issuedInvoice(tx, workspaceId, id);
    // Nothing can ever be paid on a total of 0.00: it is settled as it is issued, rather than
    // left to turn OVERDUE (rulings, "Lifecycles").
    if (!new Decimal(sent.totals.total).isZero()) {
      await recordEvent(tx, workspaceId, 'invoice.sent', sent);
      return invoiceDetail(tx, sent);
    }
    await settleInvoice(tx, id, { paidAmount: '0', status: 'PAID', paidAt: issued.toISOString() });
    const paid = await issuedInvoice(tx, workspaceId, id);
    await recordEvents(tx, workspaceId, [
      { type: 'invoice.sent', data: sent },
      { type: 'invoice.paid', data: paid },
    ]);
    return invoiceDetail(tx, paid);
  });
}

async function issuedInvoice(tx: EntityManager, workspaceId: string, id: string) {
  const invoice = await findInvoice(tx, workspaceId, id);
  if (!invoice) throw new Error('sent invoice not found');
  return invoice;
}
