import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { recordEvents } from '../events/record.ts';
import type { NewEvent } from '../events/schemas.ts';
import type { SupplierInvoiceDetailView } from './schemas.ts';
import { requireTransition } from './status.ts';
import {
  balanceOf,
  findSupplierInvoiceRow,
  setStatus,
  supplierInvoiceDetail,
  supplierInvoiceView,
} from './store.ts';

/**
 * `received` → `approved` (else 409 invalid_transition), recording `supplier_invoice.approved`.
 * An invoice that asks for nothing (its amount due is 0, fully prepaid) is paid as it is
 * approved: `supplier_invoice.paid` follows, as an invoice of ours whose total is 0 is paid as sent.
 */
export async function approveSupplierInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<SupplierInvoiceDetailView> {
  return inTransaction(em, async (tx) => {
    const current = await findSupplierInvoiceRow(tx, workspaceId, id, true);
    if (!current) throw notFound('Supplier invoice');
    requireTransition(current, 'approve');
    let row = await setStatus(tx, id, 'approved');
    const events: NewEvent[] = [{ type: 'supplier_invoice.approved', data: supplierInvoiceView(row) }];
    if (row.type === 'invoice' && balanceOf(row).lessThanOrEqualTo(0)) {
      row = await setStatus(tx, id, 'paid', { paidAt: new Date() });
      events.push({ type: 'supplier_invoice.paid', data: supplierInvoiceView(row) });
    }
    await recordEvents(tx, workspaceId, events);
    return supplierInvoiceDetail(tx, row);
  });
}
