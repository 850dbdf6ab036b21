import type { EntityManager } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import type { IdempotencyScope, StoredResult } from './policy.ts';
import { findStoredResult, insertClaim } from './store.ts';

export type Claim = { kind: 'claimed' } | { kind: 'replay'; result: StoredResult };

/** PostgreSQL's 55P03: the claim's bounded wait for a concurrent claim of the same key ran out. */
export function isLockTimeout(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '55P03') return true;
  }
  return false;
}

export function keyInUse(): AppError {
  return new AppError(
    'idempotency_key_in_use',
    'A request with this Idempotency-Key is still running; retry once it has finished',
  );
}

type Replay = Claim & { kind: 'replay' };

/** The key's answer for a replay, or 422 when the key was used with another request. */
function replayOf(stored: StoredResult & { fingerprint: string }, fingerprint: string): Replay {
  if (stored.fingerprint !== fingerprint) {
    throw new AppError(
      'idempotency_key_mismatch',
      'This Idempotency-Key was used with a different request; use a new key for a new request',
    );
  }
  return { kind: 'replay', result: { status: stored.status, body: stored.body } };
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
    if (isLockTimeout(error)) throw keyInUse();
    throw error;
  }
  const stored = await findStoredResult(tx, scope);
  if (!stored) throw new Error('idempotency key vanished between claim and read');
  return replayOf(stored, fingerprint);
}

/**
 * The answer to replay for a keyed write that found its key taken (IdempotencyKeyTaken): the key's
 * answer was committed before the write's claim looked, or while it waited. 422 when the key was
 * used with another request.
 */
export async function takenKeyReplay(
  em: EntityManager,
  scope: IdempotencyScope,
  fingerprint: string,
): Promise<Replay> {
  const stored = await findStoredResult(em, scope);
  if (!stored) throw new Error('idempotency key vanished after its write found it taken');
  return replayOf(stored, fingerprint);
}
