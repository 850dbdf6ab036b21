import { type EntityManager, kysely, runStatement } from '@comptoir/db';
import { sql } from 'kysely';
import { type ClaimedDelivery, failingEndpointDisableDays, type MadeAttempt } from './delivery.ts';
import type { EndpointView } from './schemas.ts';
import { type EndpointRow, endpointColumns, endpointView } from './store.ts';

// The statements of a made attempt: recorded (a success, a failure and its endpoint's run of
// failures) or abandoned. Claims are in claim-store.ts. The successes stay SQL, many in one
// statement, run as a named prepared statement that finds its deliveries by key (claim-store.ts
// says why).

/**
 * Records successful attempts, many in one statement (atomic on its own): the attempt rows, the
 * deliveries succeeded, their endpoints' runs of failures ended. A delivery redelivered while its
 * attempt was in flight keeps its new generation: the attempt is logged, the redelivery stands.
 */
export async function recordSuccesses(em: EntityManager, attempts: readonly MadeAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const made = attempts.map(({ claimed, startedAt, result }) => ({
    id: claimed.deliveryId,
    generation: claimed.generation,
    attempt: claimed.attempt,
    started_at: startedAt.toISOString(),
    duration_ms: Math.round(result.durationMs),
    status_code: result.status,
    response_body: result.responseBody,
    endpoint_id: claimed.endpoint.id,
  }));
  // `d.id = any(array(…))`: the deliveries by their primary key, never by a scan of the table.
  await runStatement(
    em,
    sql`with made as (
       select * from jsonb_to_recordset(${JSON.stringify(made)}::jsonb) as m(id text, generation integer, attempt integer,
         started_at timestamptz, duration_ms integer, status_code integer, response_body text, endpoint_id text)),
     logged as (
       insert into webhook_delivery_attempts
         (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body, next_attempt_at)
       select id, attempt, started_at, duration_ms, status_code, null, response_body, null from made),
     recovered as (
       update webhook_endpoints e set failing_since = null
        where e.id in (select endpoint_id from made) and e.failing_since is not null)
     update webhook_deliveries d set status = 'succeeded', next_attempt_at = null, last_status_code = m.status_code,
            last_error = null, completed_at = now(), updated_at = now()
       from made m
      where d.id = any(array(select id from made))
        and d.id = m.id and d.generation = m.generation and d.attempts = m.attempt`,
  );
}

/** Logs a failed attempt and moves its delivery on: `pending` with its next attempt, or `failed`. */
export async function recordFailedAttempt(
  em: EntityManager,
  { claimed, startedAt, result }: MadeAttempt,
  next: { status: 'pending' | 'failed'; attemptAt: Date | null },
): Promise<void> {
  const db = kysely(em);
  await db
    .insertInto('webhook_delivery_attempts')
    .values({
      delivery_id: claimed.deliveryId,
      attempt: claimed.attempt,
      started_at: startedAt,
      duration_ms: Math.round(result.durationMs),
      status_code: result.status,
      error: result.error,
      response_body: result.responseBody,
      next_attempt_at: next.attemptAt,
    })
    .execute();
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: next.status,
      next_attempt_at: next.attemptAt,
      last_status_code: result.status,
      last_error: result.error,
      completed_at: next.status === 'pending' ? null : sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', claimed.deliveryId)
    .where('generation', '=', claimed.generation)
    .where('attempts', '=', claimed.attempt)
    .execute();
}

/**
 * Counts a failure against an enabled endpoint: it starts (or continues) its run of failures;
 * `gone` (a 410), or a run longer than failingEndpointDisableDays, disables it. Answers the
 * endpoint when it was enabled, with its status after the failure.
 */
export async function countEndpointFailure(
  em: EntityManager,
  endpointId: string,
  gone: boolean,
): Promise<EndpointView | undefined> {
  // Raw SQL: the verdict (why the endpoint is disabled, if it is) is read once in a derived
  // table and used by two assignments; as a query builder chain it would be harder to check.
  const { rows } = await sql<EndpointRow>`update webhook_endpoints e
            set failing_since = coalesce(e.failing_since, now()),
                status = case when verdict.reason is null then e.status else 'disabled' end,
                disabled_reason = coalesce(verdict.reason, e.disabled_reason),
                updated_at = now()
           from (select case when ${gone}::boolean then 'gone'
                             when failing_since < now() - interval ${sql.lit(`${failingEndpointDisableDays} days`)} then 'failing'
                        end as reason
                   from webhook_endpoints where id = ${endpointId}) verdict
          where e.id = ${endpointId} and e.status = 'enabled'
          returning ${sql.join(endpointColumns.map((column) => sql.ref(`e.${column}`)))}`.execute(kysely(em));
  const [row] = rows;
  return row && endpointView(row);
}

/** Ends a delivery without sending: its endpoint was disabled or deleted meanwhile. */
export async function abandonDelivery(em: EntityManager, claimed: ClaimedDelivery): Promise<void> {
  await kysely(em)
    .updateTable('webhook_deliveries')
    .set({
      status: 'failed',
      last_error: 'endpoint_disabled',
      next_attempt_at: null,
      completed_at: sql<Date>`now()`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', claimed.deliveryId)
    .where('generation', '=', claimed.generation)
    .where('attempts', '=', claimed.attempt)
    .execute();
}
