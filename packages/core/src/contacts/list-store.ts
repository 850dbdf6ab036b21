import { type EntityManager, kysely } from '@comptoir/db';
import { sql } from 'kysely';
import { type ListPage, likeContains } from '../paging/index.ts';
import { searchPage } from '../paging/search-page.ts';
import { keptTotal, selectPage } from '../paging/select-page.ts';
import type { ContactListQuery, ContactView } from './schemas.ts';
import { contactRowColumns, contactsWithCompany, contactView } from './store.ts';

// The contact list and its search (the row mapping stays in store.ts, which reads a contact too).

/**
 * The contacts of the workspace whose name or e-mail, or whose company's name, contains `q`
 * (folded: case and accents aside), as (id, created_at): the two branches each read their own
 * stored folded column through its trigram index led by the workspace (contacts_search_idx,
 * companies_search_idx; Migration20261124000600_search_columns). A company's candidates come
 * from its whole search text (name, SIRET, VAT number), then `search_name` keeps the name matches.
 * A contact has one company, so the second branch lists a contact at most once.
 */
function searchMatches(em: EntityManager, workspaceId: string, q: string) {
  // comptoir_fold is a function of the migrations (unaccent + lower), unknown to Kysely.
  const folded = sql<string>`comptoir_fold(${likeContains(q)})`;
  const db = kysely(em);
  return db
    .selectFrom('contacts')
    .select(['id', 'created_at'])
    .where('workspace_id', '=', workspaceId)
    .where('search_text', 'like', folded)
    .unionAll(
      db
        .selectFrom('companies as co')
        .innerJoin('contacts as c', (join) =>
          join.onRef('c.workspace_id', '=', 'co.workspace_id').onRef('c.company_id', '=', 'co.id'),
        )
        .select(['c.id', 'c.created_at'])
        .where('co.workspace_id', '=', workspaceId)
        .where('co.search_text', 'like', folded)
        .where('co.search_name', 'like', folded)
        // Found by the first branch already: each contact once, without a costly UNION.
        .where((eb) => eb.not(eb('c.search_text', 'like', folded))),
    );
}

/**
 * A search page (searchPage): the matches, (id, created_at) only, are read once for the exact
 * total and the page; only the page's rows are then read whole, with their company
 * (docs/benchmarks.md, "Contact and company search").
 */
function contactSearchPage(
  em: EntityManager,
  workspaceId: string,
  q: string,
  query: ContactListQuery,
): Promise<ListPage<ContactView>> {
  return searchPage(em, query, {
    matches: searchMatches(em, workspaceId, q),
    rows: (db, page) =>
      db
        .selectFrom((matched) =>
          matched
            .selectFrom('matched')
            .select(['id', 'created_at'])
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(page.limit)
            .offset(page.offset)
            .as('m'),
        )
        .innerJoin('contacts as c', (join) =>
          join.on('c.workspace_id', '=', workspaceId).onRef('c.id', '=', 'm.id'),
        )
        .leftJoin('companies as co', (join) =>
          join.onRef('co.workspace_id', '=', 'c.workspace_id').onRef('co.id', '=', 'c.company_id'),
        )
        .select(contactRowColumns)
        .orderBy('m.created_at', 'desc')
        .orderBy('m.id', 'desc'),
    view: contactView,
  });
}

/** A page of the workspace's contacts, newest first, optionally matching `q`. */
export async function contactPage(
  em: EntityManager,
  workspaceId: string,
  query: ContactListQuery,
): Promise<ListPage<ContactView>> {
  const q = query.q?.trim();
  if (q) return contactSearchPage(em, workspaceId, q, query);
  const contacts = contactsWithCompany(em)
    .where('c.workspace_id', '=', workspaceId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc');
  // A search counts its matches (above); the whole list's total is kept (keptTotal).
  return selectPage(contacts, query, contactView, keptTotal(em, 'contacts', workspaceId));
}
