import { type EntityManager, kysely } from '@comptoir/db';
import { type RawBuilder, sql } from 'kysely';
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

/**
 * For the statement of keyed writes (KeyedWrite): three CTEs that claim their keys with their
 * answers. `claimed` inserts one key per row of the CTE named `source` (the writes that decided to apply,
 * with `endpoint`, `key`, `fingerprint`, `status`, `result_field` and the jsonb `result`; `key`
 * null for a write without one) and returns `(endpoint, key)` of those it claimed: a new key, or
 * one past retention taken over. A live key returns nothing (its answer is read afterwards,
 * findStoredResult), and the write's effect, which must read `claimed`, then writes nothing. The
 * answer is stored at once, `{ [result_field]: result }`: it commits with the effect, in the same
 * statement, or not at all.
 *
 * The statement does not read the keys' answers beforehand: a prepared statement keeps the plan
 * it made first, and one made while the table was empty (or its statistics said so) read every
 * key of the workspace on each call once it had grown (a sequential scan of 20,000 keys per count
 * in the bench). The claim finds a live key through the primary key whatever the statistics.
 *
 * Like insertClaim, the claims wait at most `waitMs` (idempotencyWaitSeconds unless the statement
 * bounds every wait shorter) for a concurrent claim of the same key (55P03), and nothing else
 * does: the bound is set once `source` is complete (every lock the effect's decision took is
 * held) and `claims_done` puts the previous timeout back once every claim is made. The effect's
 * CTEs must read `claims_done` (one row) before they write.
 */
export function claimsWithAnswers(
  workspaceId: string,
  source: string,
  waitMs: number = idempotencyWaitSeconds * 1000,
): RawBuilder<unknown> {
  const from = sql.table(source);
  return sql`claim_previous as materialized (select current_setting('lock_timeout') as lock_timeout),
    claimed as (
      with bounded as materialized (
        select set_config('lock_timeout', ${sql.lit(`${waitMs}ms`)}, true) as bound
          from claim_previous
         where (select count(*) from ${from}) > 0)
      insert into idempotency_keys as k (workspace_id, endpoint, key, fingerprint, status, body)
      select ${workspaceId}, s.endpoint, s.key, s.fingerprint, s.status, jsonb_build_object(s.result_field, s.result)
        from ${from} s, bounded
       where s.key is not null
       -- in key order: two statements claiming the same keys never wait for each other in a circle
       order by s.endpoint, s.key
      on conflict (workspace_id, endpoint, key) do update
         set fingerprint = excluded.fingerprint, status = excluded.status, body = excluded.body, created_at = now()
       where k.created_at < ${retentionStart}
      returning k.endpoint, k.key),
    claims_done as materialized (
      select set_config('lock_timeout', (select lock_timeout from claim_previous), true) as restored
        from (select count(*) from claimed) as every_claim)`;
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
