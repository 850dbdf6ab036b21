import type { EntityManager } from '@comptoir/db';
import { isPlatformError } from '@comptoir/einvoicing';
import type { Keyring } from '@comptoir/secrets';
import { notFound } from '../errors/index.ts';
import { platformClient } from './platform.ts';
import type { ConnectionTest } from './schemas.ts';
import { findConnection } from './store.ts';

/**
 * Asks the platform whether it answers and takes our credentials: its healthcheck, then a search
 * (the healthcheck needs no token). Nothing is written; a refusal is a result, not an error.
 */
export async function testConnection(
  em: EntityManager,
  workspaceId: string,
  keyring: Keyring,
): Promise<ConnectionTest> {
  const connection = await findConnection(em, workspaceId);
  if (!connection) throw notFound('Platform connection');
  const client = platformClient(connection, keyring, 10_000);
  try {
    await client.healthcheck();
    await client.searchFlows({ updatedAfter: new Date().toISOString(), limit: 1 });
    return { ok: true, error: null };
  } catch (error) {
    if (!isPlatformError(error)) throw error;
    return { ok: false, error: { kind: error.kind, message: error.message } };
  }
}
