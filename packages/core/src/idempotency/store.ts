import { type EntityManager, kysely } from '@comptoir/db';
import { sql } from 'kysely';
import {
  type IdempotencyScope,
  idempotencyRetentionHours,
  idempotencyWaitSeconds,
  type StoredResult,
} from './policy.ts';

/** Results created before this are past retention. */
const retentionStart = sql<Date>`now() - interval ${sql.lit(`${idempotencyRetentionHours} hours`)}`;

/** The claim's placeholder answer until the request finishes: JSON null, status 0. */
const pendingBody = sql<unknown>`'null'`;

/**
 * Inserts the claim row, or takes over an expired one, waiting at most idempotencyWaitSeconds
 * for a concurrent claim of the same key (then PostgreSQL raises 55P03). False when a live row
 * holds the key.
 *
 * One statement (docs/benchmarks.md, "Writes (issue 16)"): it bounds its own wait with
 * set_config(lock_timeout) before the insert reads its row, and its RETURNING, which runs once
 * the row is written, puts the previous timeout back, so the effect's own locks keep the
 * session's. (Before, two SET statements around the insert cost two round trips per claim.) A
 * live row returns nothing and leaves the bound in place, which is harmless: a replay takes no
 * lock, and SET LOCAL ends with the transaction.
 */
export async function insertClaim(
  tx: EntityManager,
  scope: IdempotencyScope,
  fingerprint: string,
): Promise<boolean> {
  const { rows } = await sql<{ claimed: number }>`
    with previous as materialized (select current_setting('lock_timeout') as lock_timeout),
         bounded as materialized (
           select set_config('lock_timeout', ${sql.lit(`${idempotencyWaitSeconds}s`)}, true) from previous)
    insert into idempotency_keys as k (workspace_id, endpoint, key, fingerprint, status, body)
    select ${scope.workspaceId}, ${scope.endpoint}, ${scope.key}, ${fingerprint}, 0, ${pendingBody} from bounded
    on conflict (workspace_id, endpoint, key) do update
       set fingerprint = excluded.fingerprint, status = 0, body = ${pendingBody}, created_at = now()
     where k.created_at < ${retentionStart}
    returning 1 as claimed, set_config('lock_timeout', (select lock_timeout from previous), true)`.execute(
    kysely(tx),
  );
  return rows.length > 0;
}

export async function findStoredResult(
  tx: EntityManager,
  scope: IdempotencyScope,
): Promise<(StoredResult & { fingerprint: string }) | undefined> {
  return kysely(tx)
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status', 'body'])
    .where('workspace_id', '=', scope.workspaceId)
    .where('endpoint', '=', scope.endpoint)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

export async function saveResult(
  tx: EntityManager,
  scope: IdempotencyScope,
  result: StoredResult,
): Promise<void> {
  await kysely(tx)
    .updateTable('idempotency_keys')
    .set({ status: result.status, body: sql`${JSON.stringify(result.body)}::jsonb` })
    .where('workspace_id', '=', scope.workspaceId)
    .where('endpoint', '=', scope.endpoint)
    .where('key', '=', scope.key)
    .execute();
}

/** Deletes the rows past retention; returns how many. */
export async function deleteExpired(em: EntityManager): Promise<number> {
  const { numDeletedRows } = await kysely(em)
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', retentionStart)
    .executeTakeFirst();
  return Number(numDeletedRows);
}
