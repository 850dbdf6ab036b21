import { type Database, type EntityManager, kysely } from '@comptoir/db';
import { type Kysely, type Selectable, sql } from 'kysely';
import { type ListPage, likeContains, type Page } from './index.ts';
import { searchPage } from './search-page.ts';

/** The documents searched through their stored folded column `search_text`. */
export type SearchedDocument = 'invoices' | 'quotes';

/** The columns a document search reads, which every searched document's table has. */
type SearchedColumns = {
  id: string;
  created_at: Date;
  workspace_id: string;
  search_text: string;
  status: string;
};

/** The searched tables as the search sees them; the quotes alone are soft-deleted. */
type SearchedTables = {
  invoices: SearchedColumns;
  quotes: SearchedColumns & { deleted_at: Date | null };
};

export interface DocumentSearch {
  workspaceId: string;
  q: string;
  status: string | undefined;
}

/**
 * The documents (invoices, live quotes) whose number, client name or client company contains
 * `q` (folded: case and accents aside), of one status when asked, newest first, through the
 * stored folded column `search_text` and its trigram index led by the workspace
 * (invoices_search_idx, quotes_search_idx; Migration20261201100000_document_search). The matches
 * are read narrow (id and creation time) for the exact total and the order; only the page's rows
 * are read whole (searchPage).
 */
export function documentSearchPage<Table extends SearchedDocument, Item>(
  em: EntityManager,
  table: Table,
  search: DocumentSearch,
  page: Page,
  view: (row: Selectable<Database[Table]>) => Item,
): Promise<ListPage<Item>> {
  // The two tables' columns differ in their types (each its own statuses); the search reads
  // only the ones they share.
  const db = kysely(em) as unknown as Kysely<SearchedTables>;
  let matches = db
    .selectFrom(table as SearchedDocument)
    .select(['id', 'created_at'])
    .where('workspace_id', '=', search.workspaceId)
    // comptoir_fold is a function of the migrations (unaccent + lower), unknown to Kysely.
    .where('search_text', 'like', sql<string>`comptoir_fold(${likeContains(search.q)})`);
  if (table === 'quotes') matches = matches.where(sql.ref('deleted_at'), 'is', null);
  if (search.status) matches = matches.where('status', '=', search.status);
  return searchPage(em, page, {
    matches,
    rows: (matched, { limit, offset }) =>
      matched
        .withTables<SearchedTables>()
        .selectFrom('matched')
        // Kysely joins one table name at a time; the join reads only `id`, which both have.
        .innerJoin(`${table} as document` as 'invoices as document', 'document.id', 'matched.id')
        .selectAll('document')
        .orderBy('matched.created_at', 'desc')
        .orderBy('matched.id', 'desc')
        .limit(limit)
        .offset(offset)
        .$castTo<Selectable<Database[Table]>>(),
    view,
  });
}
