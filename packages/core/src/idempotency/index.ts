import { createHash } from 'node:crypto';
import type { EntityManager } from '@comptoir/db';
import { AppError } from '../errors/index.ts';

/** How long a key's result is kept (rulings: "Idempotency"). */
export const idempotencyRetentionHours = 24;
/** How long a request waits for another one running with the same key before 409. */
export const idempotencyWaitSeconds = 5;

export const idempotencyKeyLength = { min: 8, max: 255 } as const;

/** Keys are scoped to the workspace and the endpoint (the procedure path, `products.adjust`). */
export interface IdempotencyScope {
  workspaceId: string;
  endpoint: string;
  key: string;
}

/** What a replay answers: the first request's status and body. */
export interface StoredResult {
  status: number;
  body: unknown;
}

export function checkIdempotencyKey(key: string): void {
  if (key.length < idempotencyKeyLength.min || key.length > idempotencyKeyLength.max) {
    throw new AppError(
      'invalid_idempotency_key',
      `Idempotency-Key must be ${idempotencyKeyLength.min} to ${idempotencyKeyLength.max} characters long`,
    );
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, item]) => [name, canonical(item)]),
    );
  }
  return value;
}

/** The request as a hash: the same body with its fields in another order is the same request. */
export function requestFingerprint(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)) ?? '')
    .digest('base64url');
}

function isLockTimeout(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '55P03') return true;
  }
  return false;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; result: StoredResult };

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
  const identity = [scope.workspaceId, scope.endpoint, scope.key];
  try {
    await tx.execute(`set local lock_timeout = '${idempotencyWaitSeconds}s'`);
    const claimed = await tx.execute<unknown[]>(
      `insert into idempotency_keys (workspace_id, endpoint, key, fingerprint, status, body)
       values (?, ?, ?, ?, 0, 'null')
       on conflict (workspace_id, endpoint, key) do update
         set fingerprint = excluded.fingerprint, status = 0, body = 'null', created_at = now()
         where idempotency_keys.created_at < now() - interval '${idempotencyRetentionHours} hours'
       returning 1`,
      [...identity, fingerprint],
    );
    // The wait bounds the claim only: the effect's own locks keep the session's timeout.
    await tx.execute('set local lock_timeout to default');
    if (claimed.length > 0) return { kind: 'claimed' };
  } catch (error) {
    if (isLockTimeout(error)) {
      throw new AppError(
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still running; retry once it has finished',
      );
    }
    throw error;
  }
  const [stored] = await tx.execute<{ fingerprint: string; status: number; body: unknown }[]>(
    'select fingerprint, status, body from idempotency_keys where workspace_id = ? and endpoint = ? and key = ?',
    identity,
  );
  if (!stored) throw new Error('idempotency key vanished between claim and read');
  if (stored.fingerprint !== fingerprint) {
    throw new AppError(
      'idempotency_key_mismatch',
      'This Idempotency-Key was used with a different request; use a new key for a new request',
    );
  }
  return { kind: 'replay', result: { status: stored.status, body: stored.body } };
}

export async function storeIdempotentResult(
  tx: EntityManager,
  scope: IdempotencyScope,
  result: StoredResult,
): Promise<void> {
  await tx.execute(
    'update idempotency_keys set status = ?, body = ?::jsonb where workspace_id = ? and endpoint = ? and key = ?',
    [result.status, JSON.stringify(result.body), scope.workspaceId, scope.endpoint, scope.key],
  );
}

/** Deletes results past retention; returns how many. Run periodically by the worker. */
export async function deleteExpiredIdempotencyKeys(em: EntityManager): Promise<number> {
  const rows = await em.execute<unknown[]>(
    `delete from idempotency_keys where created_at < now() - interval '${idempotencyRetentionHours} hours' returning 1`,
  );
  return rows.length;
}
