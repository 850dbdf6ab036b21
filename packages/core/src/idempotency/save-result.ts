import type { EntityManager } from '@comptoir/db';
import type { IdempotencyScope, StoredResult } from './policy.ts';
import { saveResult } from './store.ts';

/** Stores the claimed request's answer, in the transaction of its effect, for replays. */
export async function storeIdempotentResult(
  tx: EntityManager,
  scope: IdempotencyScope,
  result: StoredResult,
): Promise<void> {
  await saveResult(tx, scope, result);
}
