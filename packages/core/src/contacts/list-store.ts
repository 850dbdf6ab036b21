import { type EntityManager, isIdOf, kysely } from '@comptoir/db';
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
 * The contacts of one company of the workspace that `q` matches: by their own name or e-mail, or
 * all of them when the company's name matches, each once. Read through contacts_company_idx,
 * which holds each contact's (id, created_at, search_text): the company's contacts, not the
 * workspace's, are the candidates.
 */
function companySearchMatches(em: EntityManager, workspaceId: string, companyId: string, q: string) {
  const folded = sql<string>`comptoir_fold(${likeContains(q)})`;
  return kysely(em)
    .selectFrom('contacts as c')
    .innerJoin('companies as co', (join) =>
      join.onRef('co.workspace_id', '=', 'c.workspace_id').onRef('co.id', '=', 'c.company_id'),
    )
    .select(['c.id', 'c.created_at'])
    .where('c.workspace_id', '=', workspaceId)
    .where('c.company_id', '=', companyId)
    .where((eb) => eb.or([eb('c.search_text', 'like', folded), eb('co.search_name', 'like', folded)]));
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
    matches:
      query.companyId === undefined
        ? searchMatches(em, workspaceId, q)
        : companySearchMatches(em, workspaceId, query.companyId, q),
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

/**
 * A page of the workspace's contacts, newest first, optionally those of one company
 * (`companyId`) and matching `q`. A company id the workspace does not have (another's, an
 * unknown one, a text of another shape) matches no contact: an empty page, as a filter that
 * finds nothing (the contract's 404 is for a record read or referenced, not a list's filter).
 */
export async function contactPage(
  em: EntityManager,
  workspaceId: string,
  query: ContactListQuery,
): Promise<ListPage<ContactView>> {
  const { companyId } = query;
  if (companyId !== undefined && !isIdOf('company', companyId)) {
    return { items: [], total: 0, limit: query.limit, offset: query.offset };
  }
  const q = query.q?.trim();
  if (q) return contactSearchPage(em, workspaceId, q, query);
  const contacts = contactsWithCompany(em).where('c.workspace_id', '=', workspaceId);
  if (companyId === undefined) {
    const all = contacts.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc');
    // A search counts its matches (above); the whole list's total is kept (keptTotal).
    return selectPage(all, query, contactView, keptTotal(em, 'contacts', workspaceId));
  }
  // contacts_company_idx holds the company's contacts in the list's order: the page reads its
  // rows only, and the total counts the index's entries without reading a row
  // (Migration20261201200000_contact_company_order).
  const ofCompany = contacts
    .where('c.company_id', '=', companyId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc');
  return selectPage(ofCompany, query, contactView, companyContactCount(em, workspaceId, companyId));
}

/** How many contacts one company of the workspace has. */
function companyContactCount(em: EntityManager, workspaceId: string, companyId: string) {
  return kysely(em)
    .selectFrom('contacts')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('workspace_id', '=', workspaceId)
    .where('company_id', '=', companyId);
}
