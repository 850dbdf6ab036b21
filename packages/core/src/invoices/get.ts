import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { InvoiceDetailView } from './schemas.ts';
import { findInvoice, invoiceDetail } from './store.ts';

/** An invoice of the workspace with its lines and payments. */
export async function getInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<InvoiceDetailView> {
  const invoice = await findInvoice(em, workspaceId, id);
  if (!invoice) throw notFound('Invoice');
  return invoiceDetail(em, invoice);
}
