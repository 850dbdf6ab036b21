import type { EntityManager } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { findOpportunity } from './store.ts';

/** The opportunity a reference in a create body names, or 404 opportunity_not_found. */
export async function requireOpportunity(em: EntityManager, workspaceId: string, id: string): Promise<void> {
  if (!(await findOpportunity(em, workspaceId, id))) {
    throw new AppError('opportunity_not_found', `Opportunity ${id} not found`);
  }
}
