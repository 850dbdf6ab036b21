import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { WorkspaceView } from './schemas.ts';
import { findWorkspace } from './store.ts';

/** The workspace's settings and legal identity. */
export async function getWorkspace(em: EntityManager, id: string): Promise<WorkspaceView> {
  const workspace = await findWorkspace(em, id);
  if (!workspace) throw notFound('Workspace');
  return workspace;
}
