import { type EntityManager, kysely } from '@comptoir/db';
import { sql } from 'kysely';

/**
 * The two outboxes the worker sends to the platform (documents to submit, statuses owed) work
 * alike: rows leased for a while (SKIP LOCKED, so several workers share them), each marked
 * uncertain before anything is sent, then marked sent or given a later attempt. One lease for
 * both, named by its table.
 */
export const outboxes = {
  submissions: { table: 'einvoice_submissions', key: 'invoice_id', done: 'submitted_at' },
  statuses: { table: 'einvoice_status_outbox', key: 'id', done: 'sent_at' },
} as const;
export type Outbox = (typeof outboxes)[keyof typeof outboxes];

export interface LeasedRow {
  id: string;
  workspaceId: string;
  /** Attempts before this one. */
  attempts: number;
  /** An earlier attempt may have reached the platform: search for it before sending again. */
  uncertain: boolean;
}

/** Leases up to `limit` due rows of workspaces that have a platform connection, for `leaseMs`. */
export async function leaseDue(
  em: EntityManager,
  outbox: Outbox,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<LeasedRow[]> {
  const table = sql.table(outbox.table);
  const key = sql.ref(outbox.key);
  const { rows } = await sql<{ id: string; workspace_id: string; attempts: number; was_uncertain: boolean }>`
    with due as (
      select o.${key} as id, o.uncertain as was_uncertain
      from ${table} o
      join einvoicing_connections c on c.workspace_id = o.workspace_id
      where o.${sql.ref(outbox.done)} is null and o.next_attempt_at <= now()
        and (o.lease_until is null or o.lease_until < now())
      order by o.next_attempt_at
      limit ${limit}
      for update of o skip locked
    )
    update ${table} o
    set lease_until = now() + ${`${leaseMs} milliseconds`}::interval, uncertain = true
    from due where due.id = o.${key}
    returning o.${key} as id, o.workspace_id, o.attempts, due.was_uncertain`.execute(kysely(em));
  return rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspace_id,
    attempts: row.attempts,
    uncertain: row.was_uncertain,
  }));
}

/** Waits between attempts while the platform is away: 10 s, 30 s, 1, 5, 15 min, then hourly. */
export function retryDelayMs(attempts: number): number {
  const schedule = [10_000, 30_000, 60_000, 300_000, 900_000];
  return schedule[attempts] ?? 3_600_000;
}

/** Gives a leased row its next attempt after `delayMs`, keeping why this one failed. */
export async function retryLater(
  em: EntityManager,
  outbox: Outbox,
  row: LeasedRow,
  error: string,
  delayMs: number,
): Promise<void> {
  await sql`
    update ${sql.table(outbox.table)}
    set attempts = ${row.attempts + 1}, last_error = ${error}, lease_until = null,
        next_attempt_at = now() + ${`${delayMs} milliseconds`}::interval
    where ${sql.ref(outbox.key)} = ${row.id}`.execute(kysely(em));
}

/** Marks a leased row done: the platform has it (`flowId`), or refused it for good (`error`). */
export async function markSent(
  em: EntityManager,
  outbox: Outbox,
  row: LeasedRow,
  outcome: { flowId: string | null; error: string | null },
): Promise<void> {
  await sql`
    update ${sql.table(outbox.table)}
    set attempts = ${row.attempts + 1}, flow_id = ${outcome.flowId}, ${sql.ref(outbox.done)} = now(),
        lease_until = null, uncertain = false, last_error = ${outcome.error}
    where ${sql.ref(outbox.key)} = ${row.id}`.execute(kysely(em));
}
