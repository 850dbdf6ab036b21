import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { CompanyView } from './schemas.ts';
import { findCompany } from './store.ts';

export async function getCompany(em: EntityManager, workspaceId: string, id: string): Promise<CompanyView> {
  const company = await findCompany(em, workspaceId, id);
  if (!company) throw notFound('Company');
  return company;
}
