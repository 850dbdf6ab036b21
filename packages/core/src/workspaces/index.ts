import { type EntityManager, newId, toIso, Workspace } from '@comptoir/db';
import { z } from 'zod';
import { notFound } from '../errors/index.ts';

export const negativeStockPolicies = ['block', 'allow'] as const;
export type NegativeStockPolicy = (typeof negativeStockPolicies)[number];

export const workspaceCreateSchema = z.object({
  name: z.string().trim().min(1).max(200),
  negativeStock: z.enum(negativeStockPolicies).default('block'),
});
export type WorkspaceCreate = z.input<typeof workspaceCreateSchema>;

export interface WorkspaceView {
  id: string;
  name: string;
  negativeStock: NegativeStockPolicy;
  createdAt: string;
}

function toView(row: {
  id: string;
  name: string;
  negativeStock: NegativeStockPolicy;
  createdAt: Date;
}): WorkspaceView {
  return { id: row.id, name: row.name, negativeStock: row.negativeStock, createdAt: toIso(row.createdAt) };
}

export async function createWorkspace(em: EntityManager, input: WorkspaceCreate): Promise<WorkspaceView> {
  const data = workspaceCreateSchema.parse(input);
  const workspace = em.create(Workspace, { id: newId('workspace'), ...data });
  await em.flush();
  return toView(workspace);
}

export async function getWorkspace(em: EntityManager, id: string): Promise<WorkspaceView> {
  const workspace = await em.findOne(Workspace, { id });
  if (!workspace) throw notFound('Workspace');
  return toView(workspace);
}

export async function findWorkspaceByName(em: EntityManager, name: string): Promise<WorkspaceView | null> {
  const workspace = await em.findOne(Workspace, { name }, { orderBy: { createdAt: 'asc' } });
  return workspace ? toView(workspace) : null;
}
