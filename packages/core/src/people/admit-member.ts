import type { EntityManager } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import type { Principal } from './principal.ts';
import { permissionsOfRole } from './roles.ts';
import { roleOf } from './store.ts';

/**
 * A signed-in user acting in a workspace: the principal their role makes, or 403 `not_a_member`
 * when they do not belong to it (whether it exists or not).
 */
export async function memberPrincipal(
  em: EntityManager,
  userId: string,
  workspaceId: string,
): Promise<Principal> {
  const role = await roleOf(em, userId, workspaceId);
  if (!role) {
    throw new AppError('not_a_member', `You are not a member of the workspace ${workspaceId}`);
  }
  return {
    workspaceId,
    permissions: permissionsOfRole(role),
    actor: { kind: 'user', id: userId },
    keyId: null,
    role,
  };
}
