import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { InvoiceDetailView } from './schemas.ts';
import { findInvoice, invoiceLines } from './store.ts';

/** An invoice of the workspace with its lines. */
export async function getInvoice(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<InvoiceDetailView> {
  const invoice = await findInvoice(em, workspaceId, id);
  if (!invoice) throw notFound('Invoice');
  return { ...invoice, lines: await invoiceLines(em, id) };
}
