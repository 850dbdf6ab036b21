import type { EntityManager } from '@comptoir/db';
import type { ConnectionView } from './schemas.ts';
import { connectionView, findConnection, noConnection } from './store.ts';

/** The workspace's platform connection, its secrets left out (`configured: false` when none). */
export async function getConnection(em: EntityManager, workspaceId: string): Promise<ConnectionView> {
  const row = await findConnection(em, workspaceId);
  return row ? connectionView(row) : noConnection;
}
