import type { EntityManager } from '@comptoir/db';
import { findWorkspaceByName } from '../workspaces/store.ts';
import { demoWorkspaceName } from './seed.ts';

/** The id of the demo workspace `seed` made, if there is one: the CLI's default workspace. */
export async function findDemoWorkspaceId(em: EntityManager): Promise<string | undefined> {
  return (await findWorkspaceByName(em, demoWorkspaceName))?.id;
}
