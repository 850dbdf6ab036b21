import { type EntityManager, inTransaction, kysely } from '@comptoir/db';
import { nextStatus } from '@comptoir/einvoicing';
import { recordEvent } from '../events/record.ts';
import { einvoiceView, type StatusChange, writeEinvoiceStatus } from './store.ts';

export type Report = Omit<StatusChange, 'source'>;

/**
 * Applies what Comptoir or the platform reports about an issued invoice, in one transaction under
 * the invoice's lock: the status moves only forward (a late, duplicate or replayed report changes
 * nothing; rulings, "E-invoicing"), each change is kept in the history and recorded as
 * `invoice.einvoice_status_changed`. A flow id learnt late is kept even when the status stays.
 * Returns whether the status changed.
 */
export async function advanceEinvoice(
  em: EntityManager,
  workspaceId: string,
  invoiceId: string,
  report: Report,
  source: StatusChange['source'],
): Promise<boolean> {
  return inTransaction(em, async (tx) => {
    const invoice = await kysely(tx)
      .selectFrom('invoices')
      .select([
        'id',
        'number',
        'type',
        'einvoice_status',
        'einvoice_flow_id',
        'einvoice_status_at',
        'einvoice_reason',
      ])
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', invoiceId)
      .forUpdate()
      .executeTakeFirst();
    const previous = invoice && einvoiceView(invoice);
    if (!invoice?.einvoice_status || !previous) return false;
    if (nextStatus(invoice.einvoice_status, report.status) === invoice.einvoice_status) {
      if (report.flowId !== null && invoice.einvoice_flow_id === null) {
        await kysely(tx)
          .updateTable('invoices')
          .set({ einvoice_flow_id: report.flowId })
          .where('id', '=', invoiceId)
          .execute();
      }
      return false;
    }
    const einvoice = await writeEinvoiceStatus(tx, workspaceId, invoiceId, { ...report, source });
    await recordEvent(tx, workspaceId, 'invoice.einvoice_status_changed', {
      id: invoice.id,
      number: invoice.number,
      type: invoice.type,
      previous,
      einvoice,
    });
    return true;
  });
}
