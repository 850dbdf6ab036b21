import type { EntityManager } from '@comptoir/db';
import type { ListPage } from '../paging/index.ts';
import type { InvoiceListQuery, InvoiceView } from './schemas.ts';
import { invoicePage } from './store.ts';

export async function listInvoices(
  em: EntityManager,
  workspaceId: string,
  query: InvoiceListQuery,
): Promise<ListPage<InvoiceView>> {
  return invoicePage(em, workspaceId, query);
}
