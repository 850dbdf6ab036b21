import type { EntityManager } from '@comptoir/db';
import type { KeySummary } from './schemas.ts';
import { keySummaries } from './store.ts';

/** The workspace's keys, newest first, with a hint instead of the key. */
export async function listKeys(em: EntityManager, workspaceId: string): Promise<KeySummary[]> {
  return keySummaries(em, workspaceId);
}
