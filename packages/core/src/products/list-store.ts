import {
  type Database,
  type EntityManager,
  kysely,
  type ReusedStatement,
  reusedStatement,
} from '@comptoir/db';
import { type CompiledQuery, type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { type ListPage, likeContains, searchedText } from '../paging/index.ts';
import { searchPage } from '../paging/search-page.ts';
import type { ProductListQuery, ProductView } from './schemas.ts';
import { type ProductRow, productColumns, productView } from './store.ts';

// The list and search statements are tuned (docs/benchmarks.md): a search reads its matches
// once in a materialised CTE (searchPage); other lists take their total from trigger-kept
// counters, in the same round trip as the page.

/**
 * The live products of the workspace that pass the list's filters and whose name, reference or
 * barcode contains `q` (folded: case and accents aside), as (id, name), what the page's order
 * needs. The candidates come from products_search_idx, the workspace's keys of the stored folded
 * column `search_text` (its 3- and 5-character windows: Migration20261125000200_product_search_keys,
 * Migration20261128000000_product_search_long_keys); `like` keeps the matches.
 */
function searchMatches(em: EntityManager, workspaceId: string, query: ProductListQuery) {
  const shape = { trackStock: query.trackStock, bySupplier: query.supplierId !== undefined };
  const q = query.q?.trim() ?? '';
  const searched = searchedText(q);
  // comptoir_fold, comptoir_search_keys and comptoir_search_probe are functions of the
  // migrations, unknown to Kysely.
  let matches = kysely(em)
    .selectFrom('products')
    .select(['id', 'name'])
    .where((eb) => listFilter(eb, shape, workspaceId, query.supplierId ?? ''))
    .where('search_text', 'like', sql<string>`comptoir_fold(${likeContains(q)})`);
  // A q of fewer than 3 characters has no key: every product would be a candidate, so the
  // workspace's rows are filtered instead. Should folding leave fewer than 3, the probe is empty,
  // which every product's keys contain: slower, never wrong.
  if ([...searched].length >= 3) {
    matches = matches.where(
      sql<boolean>`comptoir_search_keys(workspace_id, search_text) @> comptoir_search_probe(${workspaceId}, comptoir_fold(${searched}))`,
    );
  }
  return matches;
}

const pageColumns = productColumns.map((column) => `p.${column}` as const);

/** A search page: the matches read once for the page and the exact total; the page's rows whole. */
export function productSearchPage(
  em: EntityManager,
  workspaceId: string,
  query: ProductListQuery,
): Promise<ListPage<ProductView>> {
  return searchPage(em, query, {
    matches: searchMatches(em, workspaceId, query),
    rows: (db, page) =>
      db
        .selectFrom((matched) =>
          matched
            .selectFrom('matched')
            .select(['id', 'name'])
            .orderBy('name')
            .orderBy('id')
            .limit(page.limit)
            .offset(page.offset)
            .as('m'),
        )
        .innerJoin('products as p', (join) =>
          join.on('p.workspace_id', '=', workspaceId).onRef('p.id', '=', 'm.id'),
        )
        .select(pageColumns)
        .orderBy('m.name')
        .orderBy('m.id'),
    view: productView,
  });
}

const pageOf = (query: ProductListQuery, items: ProductView[], total: number): ListPage<ProductView> => ({
  items,
  total,
  limit: query.limit,
  offset: query.offset,
});

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
