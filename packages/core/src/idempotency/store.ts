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
 */
export async function insertClaim(
  tx: EntityManager,
  scope: IdempotencyScope,
  fingerprint: string,
): Promise<boolean> {
  const db = kysely(tx);
  // SET takes no parameters: the timeout is a literal.
  await sql`set local lock_timeout = ${sql.lit(`${idempotencyWaitSeconds}s`)}`.execute(db);
  const claimed = await db
    .insertInto('idempotency_keys')
    .values({
      workspace_id: scope.workspaceId,
      endpoint: scope.endpoint,
      key: scope.key,
      fingerprint,
      status: 0,
      body: pendingBody,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['workspace_id', 'endpoint', 'key'])
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          status: 0,
          body: pendingBody,
          created_at: eb.fn<Date>('now'),
        }))
        .where('idempotency_keys.created_at', '<', retentionStart),
    )
    .returning(sql<number>`1`.as('claimed'))
    .execute();
  // The wait bounds the claim only: the effect's own locks keep the session's timeout.
  await sql`set local lock_timeout to default`.execute(db);
  return claimed.length > 0;
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
