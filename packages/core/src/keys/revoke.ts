import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { markRevoked } from './store.ts';

/** Revokes at once: the next request made with the key is refused. Revoking twice keeps the first time. */
export async function revokeKey(
  em: EntityManager,
  keyId: string,
): Promise<{ id: string; revokedAt: string }> {
  const revoked = await markRevoked(em, keyId);
  if (!revoked) throw notFound('API key');
  return revoked;
}

/** Revokes a key of the workspace (the app's keys.revoke): another workspace's key is not found. */
export async function revokeWorkspaceKey(
  em: EntityManager,
  workspaceId: string,
  keyId: string,
): Promise<{ id: string; revokedAt: string }> {
  const revoked = await markRevoked(em, keyId, workspaceId);
  if (!revoked) throw notFound('API key');
  return revoked;
}
