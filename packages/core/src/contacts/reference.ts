import type { EntityManager } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { contactExists } from './store.ts';

/** The contact a reference in a create body names, or 404 contact_not_found. */
export async function requireContact(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<{ id: string }> {
  if (!(await contactExists(em, workspaceId, id))) {
    throw new AppError('contact_not_found', `Contact ${id} not found`);
  }
  return { id };
}
