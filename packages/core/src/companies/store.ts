import { type Database, type EntityManager, isIdOf, kysely, toIso } from '@comptoir/db';
import { type Selectable, sql } from 'kysely';
import { type ListPage, likeContains } from '../paging/index.ts';
import { searchPage } from '../paging/search-page.ts';
import { keptTotal, selectPage } from '../paging/select-page.ts';
import { identifierChecks, identifierSearchForm } from './identifiers.ts';
import type { CompanyListQuery, CompanyView } from './schemas.ts';

type Companies = Database['companies'];

/** What a Company read shows. */
const companyColumns = [
  'id',
  'name',
  'siret',
  'vat_number',
  'address',
  'phone',
  'is_supplier',
  'created_at',
] as const satisfies readonly (keyof Companies)[];

type CompanyRow = Pick<Selectable<Companies>, (typeof companyColumns)[number]>;

function companyView(row: CompanyRow): CompanyView {
  return {
    id: row.id,
    name: row.name,
    siret: row.siret,
    vatNumber: row.vat_number,
    ...identifierChecks(row.siret, row.vat_number),
    address: row.address,
    phone: row.phone,
    isSupplier: row.is_supplier,
    // Kysely's types say Date; MikroORM's pg settings hand timestamps back as text.
    createdAt: toIso(row.created_at),
  };
}

/**
 * A search page (searchPage): the companies whose name, SIRET or VAT number contains `q`
 * (folded: case and accents aside; an identifier also when typed with spaces,
 * identifierSearchForm, and a VAT number stored with spaces also without them:
 * Migration20261128000100_company_search_compact_vat), through the stored folded column
 * `search_text` and its trigram index
 * led by the workspace (companies_search_idx; Migration20261124000600_search_columns). The
 * matches are read once for the exact total and the page.
 */
function companySearchPage(
  em: EntityManager,
  workspaceId: string,
  q: string,
  query: CompanyListQuery,
): Promise<ListPage<CompanyView>> {
  return searchPage(em, query, {
    matches: kysely(em)
      .selectFrom('companies')
      .select(companyColumns)
      .where('workspace_id', '=', workspaceId)
      .where((eb) => {
        // comptoir_fold is a function of the migrations (unaccent + lower), unknown to Kysely.
        const contains = (text: string) =>
          eb('search_text', 'like', sql<string>`comptoir_fold(${likeContains(text)})`);
        const identifier = identifierSearchForm(q);
        return identifier === undefined ? contains(q) : eb.or([contains(q), contains(identifier)]);
      }),
    rows: (db, page) =>
      db
        .selectFrom('matched')
        .select(companyColumns)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(page.limit)
        .offset(page.offset),
    view: companyView,
  });
}

/** A page of the workspace's companies, newest first, optionally matching `q`. */
export async function companyPage(
  em: EntityManager,
  workspaceId: string,
  query: CompanyListQuery,
): Promise<ListPage<CompanyView>> {
  const q = query.q?.trim();
  if (q) return companySearchPage(em, workspaceId, q, query);
  const companies = kysely(em)
    .selectFrom('companies')
    .select(companyColumns)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  // A search counts its matches (above); the whole list's total is kept (keptTotal).
  return selectPage(companies, query, companyView, keptTotal(em, 'companies', workspaceId));
}

/** A company of the workspace; none for an id of another shape. */
export async function findCompany(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<CompanyView | undefined> {
  if (!isIdOf('company', id)) return undefined;
  const row = await kysely(em)
    .selectFrom('companies')
    .select(companyColumns)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && companyView(row);
}

/** The oldest company of the workspace with exactly that name. */
export async function findCompanyIdByName(
  em: EntityManager,
  workspaceId: string,
  name: string,
): Promise<string | undefined> {
  const row = await kysely(em)
    .selectFrom('companies')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('name', '=', name)
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}

export interface NewCompany {
  id: string;
  name: string;
  siret: string | null;
  vatNumber: string | null;
  address: string | null;
  isSupplier: boolean;
}

/** Inserts a company and answers it as stored (the database sets created_at). */
export async function insertCompany(
  em: EntityManager,
  workspaceId: string,
  company: NewCompany,
): Promise<CompanyView> {
  const row = await kysely(em)
    .insertInto('companies')
    .values({
      id: company.id,
      workspace_id: workspaceId,
      name: company.name,
      siret: company.siret,
      vat_number: company.vatNumber,
      address: company.address,
      is_supplier: company.isSupplier,
    })
    .returning(companyColumns)
    .executeTakeFirstOrThrow();
  return companyView(row);
}

/**
 * Marks the given companies of the workspace as suppliers (touching updated_at only when that
 * changes them) and returns the ids it found.
 */
export async function markSuppliers(
  tx: EntityManager,
  workspaceId: string,
  companyIds: string[],
): Promise<string[]> {
  const found = await kysely(tx)
    .updateTable('companies')
    .set((eb) => ({
      is_supplier: true,
      updated_at: eb
        .case()
        .when(eb.ref('is_supplier'))
        .then(eb.ref('updated_at'))
        .else(eb.fn<Date>('now'))
        .end(),
    }))
    .where('workspace_id', '=', workspaceId)
    .where((eb) => eb('id', '=', eb.fn.any(eb.val(companyIds))))
    .returning('id')
    .execute();
  return found.map((row) => row.id);
}

/** The company as stored; the row is locked until the transaction ends. */
export async function lockCompany(
  tx: EntityManager,
  workspaceId: string,
  id: string,
): Promise<CompanyView | undefined> {
  if (!isIdOf('company', id)) return undefined;
  const row = await kysely(tx)
    .selectFrom('companies')
    .select(companyColumns)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && companyView(row);
}

/** What an update writes; undefined fields stay as they are. */
export interface CompanyChanges {
  name?: string;
  siret?: string | null;
  vatNumber?: string | null;
  address?: string | null;
}

/** Applies the changes and answers the company as stored after them. */
export async function updateCompanyRow(
  tx: EntityManager,
  workspaceId: string,
  id: string,
  changes: CompanyChanges,
): Promise<CompanyView> {
  const row = await kysely(tx)
    .updateTable('companies')
    .set((eb) => ({
      name: changes.name,
      siret: changes.siret,
      vat_number: changes.vatNumber,
      address: changes.address,
      updated_at: eb.fn<Date>('now'),
    }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returning(companyColumns)
    .executeTakeFirstOrThrow();
  return companyView(row);
}
