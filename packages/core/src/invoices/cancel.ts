import { type EntityManager, inTransaction, newId } from '@comptoir/db';
import { oweSubmission } from '../einvoicing/issue.ts';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent, recordEvents } from '../events/record.ts';
import { documentLines, insertLines, lineToCreate } from '../lines/store.ts';
import { numberDocument } from '../numbering/store.ts';
import type { InvoiceDetailView, InvoiceView } from './schemas.ts';
import { invalidTransition, refuseCreditNote } from './status.ts';
import { findInvoice, invoiceDetail } from './store.ts';
import { insertCreditNote, markInvoiceCancelled } from './transition-store.ts';

/** An issued invoice with no payment is cancelled by a credit note. */
const creditable: ReadonlySet<InvoiceView['status']> = new Set(['SENT', 'OVERDUE']);

/**
 * Cancels an invoice and records `invoice.cancelled`. A DRAFT keeps its number (the register
 * has no gap). A SENT or OVERDUE invoice with no payment is cancelled by a credit note, made in
 * the same transaction (`credit_note.created`): numbered `AV-<year>-<00001>`, issued at once
 * (status SENT, the issued state), mirroring the invoice's client, terms and lines, linked both
 * ways. With payments: 409 invoice_has_payments. Returns the cancelled invoice.
 */
export async function cancelInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<InvoiceDetailView> {
  return inTransaction(em, async (tx) => {
    const current = await findInvoice(tx, workspaceId, id, true);
    if (!current) throw notFound('Invoice');
    refuseCreditNote(current, 'cancel');
    if (current.status === 'CANCELLED') throw invalidTransition(current, 'cancel');
    if (current.paidAmount > 0 || !(current.status === 'DRAFT' || creditable.has(current.status))) {
      throw new AppError(
        'invoice_has_payments',
        `Cannot cancel an invoice in status ${current.status} with payments recorded: refund them first`,
      );
    }
    if (current.status === 'DRAFT') {
      await markInvoiceCancelled(tx, id, null);
      const cancelled = await cancelledInvoice(tx, workspaceId, id);
      await recordEvent(tx, workspaceId, 'invoice.cancelled', cancelled);
      return invoiceDetail(tx, cancelled);
    }
    const creditNoteId = newId('invoice');
    const inserted = await insertCreditNote(tx, workspaceId, id, creditNoteId);
    const creditNote = { ...inserted, einvoice: await oweSubmission(tx, workspaceId, creditNoteId) };
    const lines = (await documentLines(tx, 'invoice', id)).map(lineToCreate);
    await insertLines(tx, 'invoice', workspaceId, creditNoteId, lines);
    await markInvoiceCancelled(tx, id, creditNoteId);
    const cancelled = await cancelledInvoice(tx, workspaceId, id);
    const [, created] = await recordEvents(tx, workspaceId, [
      { type: 'invoice.cancelled', data: cancelled },
      { type: 'credit_note.created', data: creditNote },
    ]);
    if (!created) throw new Error('credit_note.created was not recorded');
    // The number is taken last (it locks the series' counter until the commit), and written
    // into credit_note.created by the statement that assigns it.
    await numberDocument(tx, workspaceId, 'credit_note', creditNoteId, { eventId: created.id });
    return invoiceDetail(tx, cancelled);
  });
}

async function cancelledInvoice(tx: EntityManager, workspaceId: string, id: string): Promise<InvoiceView> {
  const cancelled = await findInvoice(tx, workspaceId, id);
  if (!cancelled) throw new Error('cancelled invoice not found');
  return cancelled;
}
