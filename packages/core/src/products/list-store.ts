import {
  type Database,
  type EntityManager,
  kysely,
  type ReusedStatement,
  reusedStatement,
} from '@comptoir/db';
import { type CompiledQuery, type ExpressionBuilder, type Kysely, sql } from 'kysely';
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

/** The WHERE clause of a search: the list's filters and the folded text. */
function searchFilter(
  eb: ExpressionBuilder<Database, 'products'>,
  workspaceId: string,
  query: ProductListQuery,
) {
  const shape = { trackStock: query.trackStock, bySupplier: query.supplierId !== undefined };
  const q = query.q?.trim() ?? '';
  // comptoir_fold is a function of the migrations (unaccent + lower), unknown to Kysely.
  return eb.and([
    listFilter(eb, shape, workspaceId, query.supplierId ?? ''),
    eb(foldedSearchText, 'like', sql<string>`comptoir_fold(${likeContains(q)})`),
  ]);
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
          .where((eb) => searchFilter(eb, workspaceId, query)),
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

/** The filters a list without `q` can have: each combination is one statement, compiled once. */
interface ListShape {
  trackStock: boolean | undefined;
  bySupplier: boolean;
}

type ListArgs = [workspaceId: string, supplierId: string | undefined, limit: number, offset: number];

/** The WHERE clause of a list without `q`: values, or placeholders (see reusedStatement). */
function listFilter(
  eb: ExpressionBuilder<Database, 'products'>,
  shape: ListShape,
  workspaceId: string,
  supplierId: string,
) {
  // Archived products are out of every list and search (and their partial indexes).
  const conditions = [eb('workspace_id', '=', workspaceId), eb('archived_at', 'is', null)];
  // A literal: it is part of the shape, and a compiled statement binds only placeholders.
  if (shape.trackStock !== undefined) conditions.push(eb('track_stock', '=', eb.lit(shape.trackStock)));
  if (shape.bySupplier) conditions.push(eb('supplier_id', '=', supplierId));
  return eb.and(conditions);
}

/**
 * The total of a list without `q`: the trigger-kept counters (workspace_product_counts), unless
 * a supplier filters, then a count through its index. It depends on no row of the page.
 */
function listTotal(db: Kysely<Database>, shape: ListShape, workspaceId: string, supplierId: string) {
  if (shape.bySupplier) {
    return db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .where((eb) => listFilter(eb, shape, workspaceId, supplierId));
  }
  return db
    .selectFrom('workspace_product_counts')
    .select((eb) =>
      shape.trackStock === undefined
        ? eb.ref('total').as('total')
        : shape.trackStock
          ? eb.ref('tracked').as('total')
          : eb('total', '-', eb.ref('tracked')).as('total'),
    )
    .where('workspace_id', '=', workspaceId);
}

// A list is the API's busiest read: building and compiling its statement with Kysely on every
// call cost 10 % of its throughput (docs/benchmarks.md), so each shape is compiled once.
const listStatements = new Map<
  string,
  ReusedStatement<ListArgs, ProductRow & { total: string | number | null }>
>();
const totalStatements = new Map<string, ReusedStatement<ListArgs, { total: string | number | null }>>();

function statementFor<Row>(
  cache: Map<string, ReusedStatement<ListArgs, Row>>,
  shape: ListShape,
  build: (db: Kysely<Database>, ...placeholders: string[]) => { compile(): CompiledQuery<Row> },
): ReusedStatement<ListArgs, Row> {
  const key = `${shape.trackStock}|${shape.bySupplier}`;
  let statement = cache.get(key);
  if (!statement) {
    statement = reusedStatement<ListArgs, Row>(4, build);
    cache.set(key, statement);
  }
  return statement;
}

const pageStatement = (shape: ListShape) =>
  statementFor(listStatements, shape, (db, workspaceId = '', supplierId = '', limit = '', offset = '') =>
    db
      .selectFrom('products')
      .select(productColumns)
      .select(listTotal(db, shape, workspaceId, supplierId).as('total'))
      .where((eb) => listFilter(eb, shape, workspaceId, supplierId))
      .orderBy('name')
      .orderBy('id')
      // Placeholders stand where the numbers go; reusedStatement binds the real ones.
      .limit(limit as unknown as number)
      .offset(offset as unknown as number),
  );

const totalStatement = (shape: ListShape) =>
  statementFor(totalStatements, shape, (db, workspaceId = '', supplierId = '') =>
    listTotal(db, shape, workspaceId, supplierId),
  );

/** A list page without `q`, with its total in the same round trip. */
export async function productListPage(
  em: EntityManager,
  workspaceId: string,
  query: ProductListQuery,
): Promise<ListPage<ProductView>> {
  const shape = { trackStock: query.trackStock, bySupplier: query.supplierId !== undefined };
  const args: ListArgs = [workspaceId, query.supplierId, query.limit, query.offset];
  const rows = await pageStatement(shape).run(em, ...args);
  let total = rows[0] ? Number(rows[0].total ?? 0) : 0;
  // Past the last page no row carries the total.
  if (rows.length === 0 && query.offset > 0) {
    const [count] = await totalStatement(shape).run(em, ...args);
    total = Number(count?.total ?? 0);
  }
  return pageOf(query, rows.map(productView), total);
}
