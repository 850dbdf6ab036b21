import type { EntityManager } from '@comptoir/db';
import { deleteExpired } from './store.ts';

/** Deletes results past retention; returns how many. Run periodically by the worker. */
export function deleteExpiredIdempotencyKeys(em: EntityManager): Promise<number> {
  return deleteExpired(em);
}
