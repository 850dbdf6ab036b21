import type { EntityManager } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import type { IdempotencyScope, StoredResult } from './policy.ts';
import { findStoredResult, insertClaim } from './store.ts';

export type Claim = { kind: 'claimed' } | { kind: 'replay'; result: StoredResult };

function isLockTimeout(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '55P03') return true;
  }
  return false;
}

/**
 * Claims `scope` for the caller's transaction, which must then store its result with
 * storeIdempotentResult before it commits. The claim is an uncommitted row: a concurrent
 * request with the same key waits on it (up to idempotencyWaitSeconds, then 409
 * idempotency_key_in_use) and, once the first commits, replays its result; if the first rolls
 * back, the waiting one runs. A finished request's result is replayed; another body under the
 * same key is 422 idempotency_key_mismatch. Expired results are taken over.
 */
export async function claimIdempotencyKey(
  tx: EntityManager,
  scope: IdempotencyScope,
  fingerprint: string,
): Promise<Claim> {
  if (!tx.isInTransaction()) throw new Error('claimIdempotencyKey called outside a transaction');
  try {
    if (await insertClaim(tx, scope, fingerprint)) return { kind: 'claimed' };
  } catch (error) {
    if (isLockTimeout(error)) {
      throw new AppError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still running; retry once it has finished',
      );
    }
    throw error;
  }
  const stored = await findStoredResult(tx, scope);
  if (!stored) throw new Error('idempotency key vanished between claim and read');
  if (stored.fingerprint !== fingerprint) {
    throw new AppError(
      'idempotency_key_mismatch',
      'This Idempotency-Key was used with a different request; use a new key for a new request',
    );
  }
  return { kind: 'replay', result: { status: stored.status, body: stored.body } };
}
