import { type EntityManager, newId } from '@comptoir/db';
import { type WorkspaceCreate, type WorkspaceView, workspaceCreateSchema } from './schemas.ts';
import { insertWorkspace } from './store.ts';

export async function createWorkspace(em: EntityManager, input: WorkspaceCreate): Promise<WorkspaceView> {
  const data = workspaceCreateSchema.parse(input);
  return insertWorkspace(em, { id: newId('workspace'), ...data });
}
