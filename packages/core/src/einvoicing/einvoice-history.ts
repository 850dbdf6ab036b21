import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { findInvoice } from '../invoices/store.ts';
import type { EinvoiceHistoryEntry } from './schemas.ts';
import { historyOf } from './store.ts';

/** Every change of an invoice's e-invoicing status, oldest first, with its time and source. */
export async function einvoiceHistory(
  em: EntityManager,
  workspaceId: string,
  invoiceId: string,
): Promise<EinvoiceHistoryEntry[]> {
  if (!(await findInvoice(em, workspaceId, invoiceId))) throw notFound('Invoice');
  return historyOf(em, invoiceId);
}
