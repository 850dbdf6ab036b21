import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { SupplierInvoiceDetailView } from './schemas.ts';
import { findSupplierInvoiceRow, supplierInvoiceDetail } from './store.ts';

/** A supplier invoice with its lines, payments, file and stock reception. */
export async function getSupplierInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<SupplierInvoiceDetailView> {
  const row = await findSupplierInvoiceRow(em, workspaceId, id);
  if (!row) throw notFound('Supplier invoice');
  return supplierInvoiceDetail(em, row);
}
