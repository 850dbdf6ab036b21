import type { SelectQueryBuilder } from 'kysely';
import type { ListPage, Page } from './index.ts';

const pageTotal = 'comptoir_page_total';

/**
 * A list page for a typed Kysely query: `query` has its filters, its columns and its order;
 * this adds `count(*) over ()` (the total of the filtered rows before `limit`, in the same
 * round trip), `limit` and `offset`. Past the last page no row carries the total, so it is
 * counted apart with the same filters. The count's alias is one no table has: as `total` it
 * once replaced the invoices' and quotes' own `total` column in their lists.
 */
export async function selectPage<DB, TB extends keyof DB, Row, Item>(
  query: SelectQueryBuilder<DB, TB, Row>,
  page: Page,
  view: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const rows = await query
    .select((eb) => eb.fn.countAll<string>().over().as(pageTotal))
    .$castTo<Row & { [pageTotal]: string }>() // what the select above adds, which TypeScript loses in generics
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  let total = rows[0] ? Number(rows[0][pageTotal]) : 0;
  if (!rows[0] && page.offset > 0) {
    const count = await query
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
