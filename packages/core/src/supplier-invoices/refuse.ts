import { type EntityManager, inTransaction } from '@comptoir/db';
import { owePlatformStatus } from '../einvoicing/owed-statuses.ts';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { findWorkspace } from '../workspaces/store.ts';
import {
  type SupplierInvoiceDetailView,
  type SupplierInvoiceRefuse,
  supplierInvoiceRefuseSchema,
} from './schemas.ts';
import { requireTransition } from './status.ts';
import {
  findSupplierInvoiceRow,
  type SupplierInvoiceRow,
  setStatus,
  supplierInvoiceDetail,
  supplierInvoiceView,
} from './store.ts';

/**
 * What the Refusée message says (XP Z12-012 CDAR, as packages/einvoicing's LifecycleMessageInput
 * takes it): the buyer (the workspace) reports to the seller (the supplier) about the invoice, named
 * by its number, type, date and seller's SIREN. An identifier the records lack is empty: the
 * sender cannot send such a message and keeps it visible on the row.
 */
async function refusalMessage(tx: EntityManager, workspaceId: string, row: SupplierInvoiceRow) {
  const workspace = await findWorkspace(tx, workspaceId);
  return {
    issuer: {
      siren: workspace?.siren ?? '',
      name: workspace?.legalName ?? workspace?.name ?? '',
      role: 'BY',
    },
    recipient: { siren: row.supplier_siren ?? '', name: row.supplier_name ?? '', role: 'SE' },
    invoice: {
      number: row.number ?? '',
      issueDate: supplierInvoiceView(row).issuedAt?.slice(0, 10) ?? '',
      typeCode: row.type === 'credit_note' ? '381' : '380',
      sellerSiren: row.supplier_siren ?? '',
      receivedAt: supplierInvoiceView(row).receivedAt,
    },
  };
}

/**
 * `received` → `refused` with its reason (refusing after approval is 409 invalid_transition),
 * recording `supplier_invoice.refused` and, in the same transaction, the "Refusée 210" owed to
 * the platform with that reason. Nothing is owed on a refused invoice: its balance is 0.
 */
export async function refuseSupplierInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: SupplierInvoiceRefuse,
): Promise<SupplierInvoiceDetailView> {
  const { reason } = supplierInvoiceRefuseSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findSupplierInvoiceRow(tx, workspaceId, id, true);
    if (!current) throw notFound('Supplier invoice');
    requireTransition(current, 'refuse');
    const row = await setStatus(tx, id, 'refused', { reason });
    await owePlatformStatus(tx, workspaceId, {
      kind: 'supplier_invoice',
      id,
      status: 'refused',
      reason,
      payload: await refusalMessage(tx, workspaceId, row),
    });
    await recordEvent(tx, workspaceId, 'supplier_invoice.refused', supplierInvoiceView(row));
    return supplierInvoiceDetail(tx, row);
  });
}
