import { type Database, type EntityManager, kysely } from '@comptoir/db';
import type { SelectQueryBuilder } from 'kysely';
import type { ListPage, Page } from './index.ts';

const pageTotal = 'comptoir_page_total';

/** The lists whose totals the triggers keep in workspace_list_counts (their tables' names). */
export type CountedList =
  | 'invoices'
  | 'quotes'
  | 'opportunities'
  | 'contacts'
  | 'companies'
  | 'webhook_endpoints';

/** A kept total: one statement, whatever the number of rows it stands for. */
type KeptTotal = SelectQueryBuilder<Database, 'workspace_list_counts', { total: string | number | null }>;

/**
 * A total that depends on no row of the page: the counters (keptTotal), or a count an index
 * answers alone (a company's contacts).
 */
type PageTotal = SelectQueryBuilder<Database, keyof Database, { total: string | number | null }>;

/**
 * The total of a counted list, from the counters (Migration20261124000200_list_counts): the sum
 * of the workspace's rows for that list, or the one row of `key` (the value of the column the
 * list filters on, such as a status). A handful of rows, never the list's own. Exact: the
 * counters change in the transactions that change the rows, and are read in the same snapshot.
 */
export function keptTotal(
  em: EntityManager,
  list: CountedList,
  workspaceId: string,
  key?: string | undefined,
): KeptTotal {
  let counters = kysely(em)
    .selectFrom('workspace_list_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('total'), eb.lit(0)).as('total'))
    .where('workspace_id', '=', workspaceId)
    .where('list', '=', list);
  if (key !== undefined) counters = counters.where('key', '=', key);
  return counters;
}

/**
 * A list page for a typed Kysely query: `query` has its filters, its columns and its order;
 * this adds the total, `limit` and `offset`, in one round trip.
 *
 * The total is `kept` when the list's filters are those its counters are kept by (keptTotal):
 * the page then reads the counters, not every matching row; or when an index counts the
 * matching rows without reading them (PageTotal). Otherwise (a search, a date range)
 * it is `count(*) over ()`, the filtered rows counted before `limit`. Past the last page no row
 * carries a total, so it is read apart with the same filters. The total's alias is one no table
 * has: as `total` it once replaced the invoices' and quotes' own `total` column in their lists.
 */
export async function selectPage<DB, TB extends keyof DB, Row, Item>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: Page,
  view: (row: Row) => Item,
  kept?: KeptTotal | PageTotal,
): Promise<ListPage<Item>> {
  const rows = await (kept
    ? query.select(() => kept.as(pageTotal))
    : query.select((eb) => eb.fn.countAll<string>().over().as(pageTotal))
  )
    .$castTo<Row & { [pageTotal]: string | number | null }>() // what the select above adds, which TypeScript loses in generics
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  let total = rows[0] ? Number(rows[0][pageTotal] ?? 0) : 0;
  if (!rows[0] && page.offset > 0) {
    const count = kept
      ? await kept.executeTakeFirst()
      : await query
          .clearSelect()
          .clearOrderBy()
          .select((eb) => eb.fn.countAll<string>().as('total'))
          .$castTo<{ total: string }>()
          .executeTakeFirst();
    total = Number(count?.total ?? 0);
  }
  return {
    items: rows.map(({ [pageTotal]: _, ...row }) => view(row as Row)),
    total,
    limit: page.limit,
    offset: page.offset,
  };
}
