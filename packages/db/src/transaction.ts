import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Runs `work` in a database transaction, joining the caller's transaction when there is one,
 * so a use case can call another without opening a second, independent transaction.
 */
export async function inTransaction<T>(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
): Promise<T> {
  if (em.isInTransaction()) return work(em);
  return em.transactional((tx) => work(tx as EntityManager));
}
