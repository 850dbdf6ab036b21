import type { EntityManager } from '@comptoir/db';
import type { ListPage } from '../paging/index.ts';
import type { CompanyListQuery, CompanyView } from './schemas.ts';
import { companyPage } from './store.ts';

/** The workspace's companies, newest first; `q` searches the name, SIRET and VAT number. */
export async function listCompanies(
  em: EntityManager,
  workspaceId: string,
  query: CompanyListQuery,
): Promise<ListPage<CompanyView>> {
  return companyPage(em, workspaceId, query);
}
