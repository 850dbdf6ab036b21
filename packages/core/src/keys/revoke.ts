import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import { keySummary, markRevoked } from './store.ts';

/** Revokes at once: the next request made with the key is refused. Revoking twice keeps the first time. */
export async function revokeKey(
  em: EntityManager,
  keyId: string,
): Promise<{ id: string; revokedAt: string }> {
  const revoked = await markRevoked(em, keyId);
  if (!revoked) throw notFound('API key');
  return revoked;
}

/**
 * Revokes a key of the workspace (the app's keys.revoke): another workspace's key is not found.
 * Event `api_key.revoked`, once: revoking again changes nothing and records nothing.
 */
export async function revokeWorkspaceKey(
  em: EntityManager,
  workspaceId: string,
  keyId: string,
): Promise<{ id: string; revokedAt: string }> {
  return inTransaction(em, async (tx) => {
    const before = await keySummary(tx, workspaceId, keyId);
    if (!before) throw notFound('API key');
    const revoked = await markRevoked(tx, keyId, workspaceId);
    if (!revoked) throw notFound('API key');
    if (before.revokedAt === null) {
      await recordEvent(tx, workspaceId, 'api_key.revoked', { ...before, revokedAt: revoked.revokedAt });
    }
    return revoked;
  });
}
