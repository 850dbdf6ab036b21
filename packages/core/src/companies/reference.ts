import type { EntityManager } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import type { CompanyView } from './schemas.ts';
import { findCompany } from './store.ts';

/** The company a reference in a create body names, or 404 company_not_found. */
export async function requireCompany(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<CompanyView> {
  const company = await findCompany(em, workspaceId, id);
  if (!company) throw new AppError('company_not_found', `Company ${id} not found`);
  return company;
}
