import type { EntityManager } from '@comptoir/db';
import type { ListPage } from '../paging/index.ts';
import { productListPage, productSearchPage } from './list-store.ts';
import type { ProductListQuery, ProductView } from './schemas.ts';

/** Products by name, filtered; `q` searches the folded name, reference and barcode. */
export function listProducts(
  em: EntityManager,
  workspaceId: string,
  query: ProductListQuery,
): Promise<ListPage<ProductView>> {
  return query.q?.trim()
    ? productSearchPage(em, workspaceId, query)
    : productListPage(em, workspaceId, query);
}
