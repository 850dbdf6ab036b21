import { type Database, type EntityManager, kysely, runStatement, toDate } from '@comptoir/db';
import { type Selectable, sql } from 'kysely';
import type { DeliveryBacklog, DeliveryJob } from './delivery.ts';

// The statements that create and dispatch deliveries. The relay and the redelivery stay SQL
// (`sql` fragments, as tuned): each creates the deliveries of many (event, endpoint) pairs in
// one statement, a CTE or an upsert from a join, which a query builder would only obscure.

/** SQL: endpoint `e` is enabled and subscribed to event `ev`. */
const subscribedEndpoint = sql`e.workspace_id = ev.workspace_id and e.status = 'enabled'
   and e.deleted_at is null
   and (cardinality(e.events) = 0 or ev.type = any(e.events))`;

/** SQL: one delivery per (event `ev`, endpoint `e`), so its id is derived from the pair. */
const deliveryId = sql`'dlv_' || substr(md5(ev.id || e.id), 1, 26)`;

/**
 * The relay: claims up to `limit` unpublished events (several relays skip each other's rows),
 * creates one delivery per subscribed endpoint and marks the events published, in one
 * transaction. Deliveries are rows first: a queue that is down delays them, never loses them.
 */
export async function relayEvents(
  em: EntityManager,
  limit = 500,
): Promise<{ events: number; deliveries: number }> {
  // The claimed events carry what the deliveries need (no second read of `events`), and they are
  // marked published by their addresses (ctid, stable while locked): a TID scan, where a join
  // by id hashed the whole table on every relay. One text for every call: a prepared statement.
  const rows = await runStatement(
    em,
    sql<{ events: string; deliveries: string }>`with ev as (
       select ctid, id, workspace_id, type from events where published_at is null
        order by created_at, id limit ${limit} for update skip locked),
     created as (
       insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id)
       select ${deliveryId}, ev.workspace_id, ev.id, e.id
         from ev join webhook_endpoints e on ${subscribedEndpoint}
       on conflict (event_id, endpoint_id) do nothing
       returning 1),
     published as (
       update events p set published_at = now() where p.ctid = any(array(select ctid from ev)) returning 1)
     select (select count(*) from published) as events, (select count(*) from created) as deliveries`,
  );
  const [row] = rows;
  return { events: Number(row?.events ?? 0), deliveries: Number(row?.deliveries ?? 0) };
}

/**
 * Delivers `eventId` again, from a fresh schedule (a new generation), to every enabled endpoint
 * subscribed to it, or to `endpointId` only. Answers the deliveries, none when not subscribed.
 */
export async function insertRedeliveries(
  em: EntityManager,
  eventId: string,
  endpointId: string | undefined,
): Promise<{ id: string; endpointId: string }[]> {
  const only = endpointId ?? null;
  type Created = Pick<Selectable<Database['webhook_deliveries']>, 'id' | 'endpoint_id'>;
  const { rows } = await sql<Created>`insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id)
     select ${deliveryId}, ev.workspace_id, ev.id, e.id
       from events ev join webhook_endpoints e on ${subscribedEndpoint}
      where ev.id = ${eventId} and (${only}::text is null or e.id = ${only})
     on conflict (event_id, endpoint_id) do update
       set status = 'pending', attempts = 0, generation = webhook_deliveries.generation + 1,
           next_attempt_at = now(), enqueued_attempt = null, completed_at = null, updated_at = now()
     returning id, endpoint_id`.execute(kysely(em));
  return rows.map((row) => ({ id: row.id, endpointId: row.endpoint_id }));
}

/** Pending deliveries as queue jobs: the attempt each is at and when it is due. */
function pendingJobs(em: EntityManager) {
  return kysely(em)
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      'id',
      'endpoint_id',
      'generation',
      eb('attempts', '+', eb.lit(1)).as('attempt'),
      'next_attempt_at as due_at',
    ])
    .where('status', '=', 'pending');
}

type PendingJobRow = Awaited<ReturnType<ReturnType<typeof pendingJobs>['execute']>>[number];

function deliveryJob(row: PendingJobRow): DeliveryJob {
  if (row.due_at === null) throw new Error(`pending delivery ${row.id} has no next attempt time`);
  return {
    deliveryId: row.id,
    endpointId: row.endpoint_id,
    generation: row.generation,
    attempt: row.attempt,
    dueAt: toDate(row.due_at).getTime(),
  };
}

/** SQL: `ms` milliseconds from now (negative: ago), for a comparison with a timestamp. */
const fromNow = (ms: number) => sql<Date>`now() + ${ms} * interval '1 millisecond'`;

/**
 * Attempts due within `lookaheadMs` that are not queued yet. An attempt that was started has
 * moved its next attempt time to the end of its lease, so a worker's death shows up here too.
 * With `dueNowOnlyFor`, an attempt already due is one only for those endpoints: the others are
 * left to the worker's local hand-off (claimDueAttempts).
 */
export async function dueDeliveries(
  em: EntityManager,
  options: { lookaheadMs: number; limit: number; dueNowOnlyFor?: readonly string[] },
): Promise<DeliveryJob[]> {
  const only = options.dueNowOnlyFor;
  const rows = await pendingJobs(em)
    .where('next_attempt_at', '<=', fromNow(options.lookaheadMs))
    .$if(only !== undefined, (query) =>
      query.where((eb) =>
        eb.or([
          eb('next_attempt_at', '>', sql<Date>`now()`),
          ...(only && only.length > 0 ? [eb('endpoint_id', 'in', only)] : []),
        ]),
      ),
    )
    .where((eb) => eb('enqueued_attempt', 'is distinct from', eb('attempts', '+', eb.lit(1))))
    .orderBy('next_attempt_at')
    .limit(options.limit)
    .execute();
  return rows.map(deliveryJob);
}

/**
 * Attempts queued more than `staleMs` ago and overdue by as much, oldest first: the queue may
 * have lost them (Redis restarted empty), or may still hold them behind others. The dispatcher
 * asks the queue about each, then marks it again, so that it is asked about once per `staleMs`.
 */
export async function staleDeliveries(
  em: EntityManager,
  options: { staleMs: number; limit: number },
): Promise<DeliveryJob[]> {
  const rows = await pendingJobs(em)
    .where('next_attempt_at', '<', fromNow(-options.staleMs))
    .where((eb) => eb('enqueued_attempt', '=', eb('attempts', '+', eb.lit(1))))
    .where('enqueued_at', '<', fromNow(-options.staleMs))
    .orderBy('next_attempt_at')
    .limit(options.limit)
    .execute();
  return rows.map(deliveryJob);
}

/** Notes that these attempts are in the queue (as of now), so the next dispatches skip them. */
export async function markEnqueued(em: EntityManager, jobs: readonly DeliveryJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const marks = jobs.map(({ deliveryId, generation, attempt }) => ({ deliveryId, generation, attempt }));
  // Raw SQL: a batched update, one JSON parameter (jsonb_to_recordset) for every job.
  await sql`update webhook_deliveries d set enqueued_attempt = j.attempt, enqueued_at = now()
       from jsonb_to_recordset(${JSON.stringify(marks)}::jsonb) as j("deliveryId" text, generation integer, attempt integer)
      where d.id = j."deliveryId" and d.generation = j.generation and d.attempts = j.attempt - 1`.execute(
    kysely(em),
  );
}

/** The delivery backlog as the database knows it: true even while Redis is away. */
export async function deliveryBacklog(em: EntityManager): Promise<DeliveryBacklog> {
  const row = await kysely(em)
    .selectFrom('webhook_deliveries')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('next_attempt_at', '<=', sql<Date>`now()`).as('due'),
      eb.fn.countAll<string>().filterWhere('next_attempt_at', '>', sql<Date>`now()`).as('scheduled'),
      sql<string | null>`extract(epoch from now() - min(next_attempt_at))`.as('oldest_due_age'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return {
    due: Number(row?.due ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    oldestDueAgeSeconds: Math.max(0, Number(row?.oldest_due_age ?? 0)),
  };
}
