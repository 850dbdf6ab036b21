import { type EntityManager, kysely, toIso, Workspace } from '@comptoir/db';
import type { WorkspaceView } from './schemas.ts';

type WorkspaceEntity = (typeof Workspace)['~entity'];

function workspaceView(row: WorkspaceEntity): WorkspaceView {
  return { id: row.id, name: row.name, negativeStock: row.negativeStock, createdAt: toIso(row.createdAt) };
}

export async function insertWorkspace(
  em: EntityManager,
  workspace: Pick<WorkspaceEntity, 'id' | 'name' | 'negativeStock'>,
): Promise<WorkspaceView> {
  const row = em.create(Workspace, workspace);
  await em.flush();
  return workspaceView(row);
}

export async function findWorkspace(em: EntityManager, id: string): Promise<WorkspaceView | undefined> {
  const row = await em.findOne(Workspace, { id });
  return row ? workspaceView(row) : undefined;
}

/** The oldest workspace of that name (names are not unique). */
export async function findWorkspaceByName(
  em: EntityManager,
  name: string,
): Promise<WorkspaceView | undefined> {
  const row = await em.findOne(Workspace, { name }, { orderBy: { createdAt: 'asc' } });
  return row ? workspaceView(row) : undefined;
}

export async function workspaceExists(em: EntityManager, id: string): Promise<boolean> {
  const row = await kysely(em).selectFrom('workspaces').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
