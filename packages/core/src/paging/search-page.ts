import { type Database, type EntityManager, kysely } from '@comptoir/db';
import { type AliasableExpression, type Expression, type Kysely, sql } from 'kysely';
import type { ListPage, Page } from './index.ts';

/** The alias of a search page's total: one no table has, so a row's own columns keep theirs. */
const matchTotal = 'comptoir_match_total';

/** The database as a search page's rows see it: the tables, and `matched`, the matches. */
export type WithMatched<Match> = Database & { matched: Match };

export interface Search<Match, Row, Item> {
  /** The rows `q` matches, with only the columns the page's order and reads need. */
  matches: AliasableExpression<Match>;
  /** The page: `matched` in the list's order, `page.limit` rows from `page.offset`, read whole. */
  rows: (db: Kysely<WithMatched<Match>>, page: Page) => Expression<Row>;
  view: (row: Row) => Item;
}

/**
 * A search page with its exact total in one statement: the matches are read once, into a
 * materialised CTE `matched`, which the total counts and the page orders and cuts. Materialised,
 * so the planner cannot walk a list index in order and test every row until the page fills
 * (docs/benchmarks.md, "The search plan flips with ANALYZE"); its rows are as narrow as the
 * caller makes them, and only the page's are read whole.
 *
 * The statement around the caller's two queries is SQL: Kysely types a CTE and a selection over
 * a generic row as `{ [x: string]: any }`, which would erase the types of the callers. Here the
 * matches and the page are typed Kysely queries (the page's row type comes from its own select),
 * and the statement's row is that row and the total. Past the last page no row carries the
 * total: it is counted apart.
 */
export async function searchPage<Match extends Record<string, unknown>, Row, Item>(
  em: EntityManager,
  page: Page,
  search: Search<Match, Row, Item>,
): Promise<ListPage<Item>> {
  const db = kysely(em);
  const pageRows = search.rows(db.withTables<{ matched: Match }>(), page);
  // No outer ORDER BY: PostgreSQL scans a subquery with a LIMIT in the order it sorted it, and
  // the row type stays the page's own.
  const { rows } = await sql<Row & { [matchTotal]: string | number }>`
    with matched as materialized ${search.matches}
    select page.*, (select count(*) from matched) as ${sql.ref(matchTotal)}
      from ${pageRows} as page`.execute(db);
  let total = rows[0] ? Number(rows[0][matchTotal]) : 0;
  if (!rows[0] && page.offset > 0) {
    const count = await db
      .selectFrom(search.matches.as('matched'))
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirst();
    total = Number(count?.total ?? 0);
  }
  return { items: rows.map((row) => search.view(row)), total, limit: page.limit, offset: page.offset };
}
