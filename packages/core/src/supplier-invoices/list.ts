import type { EntityManager } from '@comptoir/db';
import type { ListPage } from '../paging/index.ts';
import type { SupplierInvoiceListQuery, SupplierInvoiceView } from './schemas.ts';
import { supplierInvoicePage } from './store.ts';

/** The workspace's supplier invoices, newest first; `status` filters, `q` searches supplier, number, SIREN. */
export async function listSupplierInvoices(
  em: EntityManager,
  workspaceId: string,
  query: SupplierInvoiceListQuery,
): Promise<ListPage<SupplierInvoiceView>> {
  return supplierInvoicePage(em, workspaceId, query);
}
