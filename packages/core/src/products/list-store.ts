import { type Database, type EntityManager, kysely } from '@comptoir/db';
import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { type ListPage, likeContains } from '../paging/index.ts';
import type { ProductListQuery, ProductView } from './schemas.ts';
import { type ProductRow, productColumns, productView } from './store.ts';

// The list and search statements are tuned (docs/benchmarks.md): a search reads its matches
// once in a materialised CTE; other lists take their total from trigger-kept counters, in the
// same round trip as the page.

/**
 * The folded text `q` searches. Raw SQL: it must be, character for character, the expression of
 * the trigram index products_search_idx (a migration), or PostgreSQL cannot use the index.
 */
const foldedSearchText = sql<string>`comptoir_fold(name || E'\\x1f' || coalesce(reference, '') || E'\\x1f' || coalesce(barcode, ''))`;

type ProductFilter = Pick<ProductListQuery, 'trackStock' | 'supplierId' | 'q'>;

/** The WHERE clause of a product list, shared by the page and its count. */
function productFilter(
  eb: ExpressionBuilder<Database, 'products'>,
  workspaceId: string,
  query: ProductFilter,
) {
  const conditions = [eb('workspace_id', '=', workspaceId)];
  if (query.trackStock !== undefined) conditions.push(eb('track_stock', '=', query.trackStock));
  if (query.supplierId !== undefined) conditions.push(eb('supplier_id', '=', query.supplierId));
  const q = query.q?.trim();
  // comptoir_fold is a function of the migrations (unaccent + lower), unknown to Kysely.
  if (q) conditions.push(eb(foldedSearchText, 'like', sql<string>`comptoir_fold(${likeContains(q)})`));
  return eb.and(conditions);
}

const pageOf = (query: ProductListQuery, items: ProductView[], total: number): ListPage<ProductView> => ({
  items,
  total,
  limit: query.limit,
  offset: query.offset,
});

/** A search page: the matches through the trigram index, read once for the page and the total. */
export async function productSearchPage(
  em: EntityManager,
  workspaceId: string,
  query: ProductListQuery,
): Promise<ListPage<ProductView>> {
  // Without the materialised CTE the planner may, on a high row estimate, walk the name index
  // and fold every product's text until it fills the page (~20x slower).
  const rows = await kysely(em)
    .with(
      (cte) => cte('matched').materialized(),
      (db) =>
        db
          .selectFrom('products')
          .select(productColumns)
          .where((eb) => productFilter(eb, workspaceId, query)),
    )
    .selectFrom((db) =>
      db
        .selectFrom('matched')
        .select((eb) => eb.fn.countAll().as('total'))
        .as('counted'),
    )
    .leftJoinLateral(
      (db) =>
        db
          .selectFrom('matched')
          .selectAll()
          .orderBy('name')
          .orderBy('id')
          .limit(query.limit)
          .offset(query.offset)
          .as('page'),
      (join) => join.onTrue(),
    )
    .selectAll('page')
    .select('counted.total')
    .execute();
  // No match still gives one row (the count) with a null page: the left join types every
  // column of the page as nullable, and a row with an id is a whole product.
  const items = rows.filter((row) => row.id !== null).map((row) => productView(row as ProductRow));
  return pageOf(query, items, Number(rows[0]?.total ?? 0));
}

/**
 * The total of a list without `q`: the trigger-kept counters (workspace_product_counts), unless
 * a supplier filters, then a count through its index. It depends on no row of the page.
 */
function listTotal(db: Kysely<Database>, workspaceId: string, query: ProductFilter) {
  if (query.supplierId !== undefined) {
    return db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where((eb) => productFilter(eb, workspaceId, query));
  }
  return db
    .selectFrom('workspace_product_counts')
    .select((eb) =>
      query.trackStock === undefined
        ? eb.ref('total').as('total')
        : query.trackStock
          ? eb.ref('tracked').as('total')
          : eb('total', '-', eb.ref('tracked')).as('total'),
    )
    .where('workspace_id', '=', workspaceId);
}

/** A list page without `q`, with its total in the same round trip. */
export async function productListPage(
  em: EntityManager,
  workspaceId: string,
  query: ProductListQuery,
): Promise<ListPage<ProductView>> {
  const db = kysely(em);
  const rows = await db
    .selectFrom('products')
    .select(productColumns)
    .select(listTotal(db, workspaceId, query).as('total'))
    .where((eb) => productFilter(eb, workspaceId, query))
    .orderBy('name')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  let total = rows[0] ? Number(rows[0].total ?? 0) : 0;
  // Past the last page no row carries the total.
  if (rows.length === 0 && query.offset > 0) {
    const count = await listTotal(db, workspaceId, query).executeTakeFirst();
    total = Number(count?.total ?? 0);
  }
  return pageOf(query, rows.map(productView), total);
}
