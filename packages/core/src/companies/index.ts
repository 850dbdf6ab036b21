import { type EntityManager, inTransaction, isIdOf, newId, toIso } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/index.ts';
import { type ListPage, likeContains, listPage } from '../paging/index.ts';
import { siretCheck, vatNumberCheck } from './identifiers.ts';
import {
  type CompanyCreate,
  type CompanyListQuery,
  type CompanyView,
  companyCreateSchema,
} from './schemas.ts';

export * from './identifiers.ts';
export * from './schemas.ts';

export interface CompanyRow {
  id: string;
  name: string;
  siret: string | null;
  vat_number: string | null;
  address: string | null;
  phone: string | null;
  is_supplier: boolean;
  created_at: Date | string;
}

export const companyColumns = 'id, name, siret, vat_number, address, phone, is_supplier, created_at';

/** The folded text `q` searches; it must match the expression of companies_search_idx. */
const companySearchExpression =
  "comptoir_fold(name || E'\\x1f' || coalesce(siret, '') || E'\\x1f' || coalesce(vat_number, ''))";

/** What a Company read reports of its identifiers' checks. */
export function identifierChecks(siret: string | null, vatNumber: string | null) {
  return { siretValid: siretCheck(siret), vatNumberValid: vatNumberCheck(vatNumber) };
}

export function companyView(row: CompanyRow): CompanyView {
  return {
    id: row.id,
    name: row.name,
    siret: row.siret,
    vatNumber: row.vat_number,
    ...identifierChecks(row.siret, row.vat_number),
    address: row.address,
    phone: row.phone,
    isSupplier: row.is_supplier,
    createdAt: toIso(row.created_at),
  };
}

export async function listCompanies(
  em: EntityManager,
  workspaceId: string,
  query: CompanyListQuery,
): Promise<ListPage<CompanyView>> {
  let where = 'workspace_id = ?';
  const params: unknown[] = [workspaceId];
  const q = query.q?.trim();
  if (q) {
    where += ` and ${companySearchExpression} like comptoir_fold(?)`;
    params.push(likeContains(q));
  }
  return listPage<CompanyRow, ReturnType<typeof companyView>>(
    em,
    { select: companyColumns, from: 'companies', where, params, orderBy: 'created_at desc, id desc' },
    query,
    companyView,
  );
}

export async function findCompanyRow(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<CompanyRow | undefined> {
  if (!isIdOf('company', id)) return undefined;
  const rows = await em.execute<CompanyRow[]>(
    `select ${companyColumns} from companies where workspace_id = ? and id = ?`,
    [workspaceId, id],
  );
  return rows[0];
}

export async function getCompany(em: EntityManager, workspaceId: string, id: string): Promise<CompanyView> {
  const row = await findCompanyRow(em, workspaceId, id);
  if (!row) throw notFound('Company');
  return companyView(row);
}

/** The company a reference in a create body names, or 404 company_not_found. */
export async function requireCompany(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<CompanyRow> {
  const row = await findCompanyRow(em, workspaceId, id);
  if (!row) throw new AppError('company_not_found', `Company ${id} not found`);
  return row;
}

/** Creates a company and records `company.created` in the same transaction. */
export async function createCompany(
  em: EntityManager,
  workspaceId: string,
  input: CompanyCreate,
  options: { isSupplier?: boolean } = {},
): Promise<CompanyView> {
  const data = companyCreateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const [row] = await tx.execute<CompanyRow[]>(
      `insert into companies (id, workspace_id, name, siret, vat_number, address, is_supplier)
       values (?, ?, ?, ?, ?, ?, ?) returning ${companyColumns}`,
      [
        newId('company'),
        workspaceId,
        data.name,
        data.siret ?? null,
        data.vatNumber ?? null,
        data.address ?? null,
        options.isSupplier ?? false,
      ],
    );
    if (!row) throw new Error('insert returned no row');
    const company = companyView(row);
    await recordEvent(tx, workspaceId, 'company.created', company);
    return company;
  });
}
