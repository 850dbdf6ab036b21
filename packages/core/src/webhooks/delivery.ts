import { type EntityManager, toIso } from '@comptoir/db';
import { retryAfterDelay, retryDelay, type SendResult } from '@comptoir/webhooks';
import { recordEvent } from '../events/index.ts';
import { type EndpointRow, endpointColumns, endpointView } from './view.ts';

/** SQL: `endpoint` (a webhook_endpoints alias) is enabled and subscribed to `event` (an events alias). */
export const subscribedEndpoint = (event: string, endpoint: string) =>
  `${endpoint}.workspace_id = ${event}.workspace_id and ${endpoint}.status = 'enabled'
   and ${endpoint}.deleted_at is null
   and (cardinality(${endpoint}.events) = 0 or ${event}.type = any(${endpoint}.events))`;

/** SQL: one delivery per (event, endpoint), so its id is derived from the pair. */
export const deliveryIdExpression = (eventId: string, endpointId: string) =>
  `'dlv_' || substr(md5(${eventId} || ${endpointId}), 1, 26)`;

/** The BullMQ queue that carries due attempts: the worker consumes it, the dashboard shows it. */
export const deliveryQueue = { name: 'webhook-deliveries', prefix: 'comptoir' } as const;

/** An endpoint failing without a single success for this long is disabled. */
export const failingEndpointDisableDays = 5;
/** Retry-After is honoured up to this delay. */
export const retryAfterCapMs = 24 * 3600_000;

/**
 * The relay: claims up to `limit` unpublished events (several relays skip each other's rows),
 * creates one delivery per subscribed endpoint and marks the events published, in one
 * transaction. Deliveries are rows first: a queue that is down delays them, never loses them.
 */
export async function relayEvents(
  em: EntityManager,
  limit = 500,
): Promise<{ events: number; deliveries: number }> {
  const [row] = await em.execute<{ events: string; deliveries: string }[]>(
    `with claimed as (
       select id from events where published_at is null order by created_at, id limit ? for update skip locked),
     created as (
       insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id)
       select ${deliveryIdExpression('ev.id', 'e.id')}, ev.workspace_id, ev.id, e.id
         from claimed c join events ev on ev.id = c.id join webhook_endpoints e on ${subscribedEndpoint('ev', 'e')}
       on conflict (event_id, endpoint_id) do nothing
       returning 1),
     published as (update events set published_at = now() where id in (select id from claimed) returning 1)
     select (select count(*) from published) as events, (select count(*) from created) as deliveries`,
    [limit],
  );
  return { events: Number(row?.events ?? 0), deliveries: Number(row?.deliveries ?? 0) };
}

/** One attempt of one delivery: what a queue job carries. */
export interface DeliveryJob {
  deliveryId: string;
  endpointId: string;
  generation: number;
  attempt: number;
  /** When the attempt is due (ms since epoch). */
  dueAt: number;
}

/** A deterministic job id: the same attempt queued twice is one job. */
export const deliveryJobId = (job: Pick<DeliveryJob, 'deliveryId' | 'generation' | 'attempt'>) =>
  `${job.deliveryId}-g${job.generation}-a${job.attempt}`;

type DueRow = { id: string; endpoint_id: string; generation: number; attempt: number; due_at: Date | string };
const dueColumns = 'id, endpoint_id, generation, attempts + 1 as attempt, next_attempt_at as due_at';
const toDeliveryJob = (row: DueRow): DeliveryJob => ({
  deliveryId: row.id,
  endpointId: row.endpoint_id,
  generation: row.generation,
  attempt: row.attempt,
  dueAt: new Date(toIso(row.due_at)).getTime(),
});

/**
 * Attempts due within `lookaheadMs` that are not queued yet. An attempt that was started has
 * moved its next attempt time to the end of its lease, so a worker's death shows up here too.
 */
export async function dueDeliveries(
  em: EntityManager,
  options: { lookaheadMs: number; limit: number },
): Promise<DeliveryJob[]> {
  const rows = await em.execute<DueRow[]>(
    `select ${dueColumns} from webhook_deliveries
      where status = 'pending' and next_attempt_at <= now() + ? * interval '1 millisecond'
        and enqueued_attempt is distinct from attempts + 1
      order by next_attempt_at limit ?`,
    [options.lookaheadMs, options.limit],
  );
  return rows.map(toDeliveryJob);
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
  const rows = await em.execute<DueRow[]>(
    `select ${dueColumns} from webhook_deliveries
      where status = 'pending' and next_attempt_at < now() - ? * interval '1 millisecond'
        and enqueued_attempt = attempts + 1 and enqueued_at < now() - ? * interval '1 millisecond'
      order by next_attempt_at limit ?`,
    [options.staleMs, options.staleMs, options.limit],
  );
  return rows.map(toDeliveryJob);
}

/** Notes that these attempts are in the queue (as of now), so the next dispatches skip them. */
export async function markEnqueued(em: EntityManager, jobs: readonly DeliveryJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const marks = jobs.map(({ deliveryId, generation, attempt }) => ({ deliveryId, generation, attempt }));
  await em.execute(
    `update webhook_deliveries d set enqueued_attempt = j.attempt, enqueued_at = now()
       from jsonb_to_recordset(?::jsonb) as j("deliveryId" text, generation integer, attempt integer)
      where d.id = j."deliveryId" and d.generation = j.generation and d.attempts = j.attempt - 1`,
    [JSON.stringify(marks)],
  );
}

export interface ClaimedDelivery {
  deliveryId: string;
  workspaceId: string;
  /** The delivery's generation when claimed: a redelivery meanwhile makes this attempt moot. */
  generation: number;
  attempt: number;
  event: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
  endpoint: { id: string; url: string; usable: boolean; secrets: string[] };
}

/**
 * Takes attempts, many in one statement: counts each and leases its delivery for `leaseMs` (if
 * the worker dies, the attempt is dispatched again once the lease is stale). Answers in the
 * order of `jobs`; null for an attempt no longer due: already made, or the delivery ended or
 * was redelivered.
 */
export async function claimDeliveryAttempts(
  em: EntityManager,
  jobs: readonly DeliveryJob[],
  leaseMs: number,
): Promise<(ClaimedDelivery | null)[]> {
  if (jobs.length === 0) return [];
  const keys = jobs.map(({ deliveryId, generation, attempt }) => ({ deliveryId, generation, attempt }));
  const rows = await em.execute<
    {
      id: string;
      workspace_id: string;
      generation: number;
      attempts: number;
      event_id: string;
      type: string;
      data: Record<string, unknown>;
      created_at: Date | string;
      endpoint_id: string;
      url: string;
      usable: boolean;
      secret: string;
      previous_secret: string | null;
    }[]
  >(
    `with wanted as (
       select * from jsonb_to_recordset(?::jsonb) as j("deliveryId" text, generation integer, attempt integer)),
     claimed as (
       update webhook_deliveries d set attempts = d.attempts + 1, updated_at = now(),
              next_attempt_at = now() + ? * interval '1 millisecond'
         from wanted w
        where d.id = w."deliveryId" and d.generation = w.generation and d.attempts = w.attempt - 1
          and d.status = 'pending'
        returning d.id, d.workspace_id, d.generation, d.attempts, d.event_id, d.endpoint_id)
     select c.id, c.workspace_id, c.generation, c.attempts, ev.id as event_id, ev.type, ev.data, ev.created_at,
            e.id as endpoint_id, e.url, (e.status = 'enabled' and e.deleted_at is null) as usable, e.secret,
            case when e.previous_secret_expires_at > now() then e.previous_secret end as previous_secret
       from claimed c join events ev on ev.id = c.event_id join webhook_endpoints e on e.id = c.endpoint_id`,
    [JSON.stringify(keys), leaseMs],
  );
  const byDelivery = new Map(rows.map((row) => [row.id, row]));
  return jobs.map((job) => {
    const row = byDelivery.get(job.deliveryId);
    if (!row || row.attempts !== job.attempt || row.generation !== job.generation) return null;
    return {
      deliveryId: row.id,
      workspaceId: row.workspace_id,
      generation: row.generation,
      attempt: row.attempts,
      event: { id: row.event_id, type: row.type, timestamp: toIso(row.created_at), data: row.data },
      endpoint: {
        id: row.endpoint_id,
        url: row.url,
        usable: row.usable,
        secrets: row.previous_secret ? [row.secret, row.previous_secret] : [row.secret],
      },
    };
  });
}

/** One attempt; see claimDeliveryAttempts. */
export async function claimDeliveryAttempt(
  em: EntityManager,
  job: DeliveryJob,
  leaseMs: number,
): Promise<ClaimedDelivery | null> {
  const [claimed] = await claimDeliveryAttempts(em, [job], leaseMs);
  return claimed ?? null;
}

/** An attempt that was made: what the delivery log records. */
export interface MadeAttempt {
  claimed: ClaimedDelivery;
  startedAt: Date;
  result: SendResult;
}

/**
 * Records successful attempts, many in one statement (atomic on its own): the attempt rows, the
 * deliveries succeeded, their endpoints' runs of failures ended. A delivery redelivered while its
 * attempt was in flight keeps its new generation: the attempt is logged, the redelivery stands.
 */
export async function recordSuccesses(em: EntityManager, attempts: readonly MadeAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  const rows = attempts.map(({ claimed, startedAt, result }) => ({
    id: claimed.deliveryId,
    generation: claimed.generation,
    attempt: claimed.attempt,
    started_at: startedAt.toISOString(),
    duration_ms: Math.round(result.durationMs),
    status_code: result.status,
    response_body: result.responseBody,
    endpoint_id: claimed.endpoint.id,
  }));
  await em.execute(
    `with made as (
       select * from jsonb_to_recordset(?::jsonb) as m(id text, generation integer, attempt integer,
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
      where d.id = m.id and d.generation = m.generation and d.attempts = m.attempt`,
    [JSON.stringify(rows)],
  );
}

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed';

/**
 * Records an attempt and decides what follows: success (see recordSuccesses); a retry on the
 * schedule (or after Retry-After on 429/503, capped); or failure once the schedule is spent.
 * A 410 disables the endpoint, and so does a run of failures longer than
 * failingEndpointDisableDays; both record `webhook_endpoint.disabled`.
 */
export async function recordDeliveryAttempt(
  em: EntityManager,
  claimed: ClaimedDelivery,
  startedAt: Date,
  result: SendResult,
  schedule: number[],
): Promise<{ outcome: AttemptOutcome; nextAttemptAt: Date | null }> {
  if (result.ok) {
    await recordSuccesses(em, [{ claimed, startedAt, result }]);
    return { outcome: 'succeeded', nextAttemptAt: null };
  }
  const throttled = result.status === 429 || result.status === 503;
  const delay =
    result.status === 410
      ? null
      : ((throttled ? retryAfterDelay(result.retryAfter, Date.now(), retryAfterCapMs) : null) ??
        retryDelay(schedule, claimed.attempt));
  const nextAttemptAt = delay === null ? null : new Date(Date.now() + delay);
  const outcome: AttemptOutcome = nextAttemptAt ? 'retrying' : 'failed';
  return em.transactional(async (tx) => {
    await tx.execute(
      `insert into webhook_delivery_attempts
         (delivery_id, attempt, started_at, duration_ms, status_code, error, response_body, next_attempt_at)
       values (?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        claimed.deliveryId,
        claimed.attempt,
        startedAt,
        Math.round(result.durationMs),
        result.status,
        result.error,
        result.responseBody,
        nextAttemptAt,
      ],
    );
    await tx.execute(
      `update webhook_deliveries set status = ?, next_attempt_at = ?, last_status_code = ?, last_error = ?,
              completed_at = case when ? = 'pending' then null else now() end, updated_at = now()
        where id = ? and generation = ? and attempts = ?`,
      [
        outcome === 'retrying' ? 'pending' : outcome,
        nextAttemptAt,
        result.status,
        result.error,
        outcome === 'retrying' ? 'pending' : outcome,
        claimed.deliveryId,
        claimed.generation,
        claimed.attempt,
      ],
    );
    // A failure starts (or continues) the endpoint's run of failures; a 410, or a run longer
    // than failingEndpointDisableDays, disables it.
    const disabled = await tx.execute<EndpointRow[]>(
      `update webhook_endpoints e
            set failing_since = coalesce(e.failing_since, now()),
                status = case when verdict.reason is null then e.status else 'disabled' end,
                disabled_reason = coalesce(verdict.reason, e.disabled_reason),
                updated_at = now()
           from (select case when ?::boolean then 'gone'
                             when failing_since < now() - interval '${failingEndpointDisableDays} days' then 'failing'
                        end as reason
                   from webhook_endpoints where id = ?) verdict
          where e.id = ? and e.status = 'enabled'
          returning ${endpointColumns}`,
      [result.status === 410, claimed.endpoint.id, claimed.endpoint.id],
    );
    const endpoint = disabled[0];
    if (endpoint && endpoint.status === 'disabled') {
      await recordEvent(tx, claimed.workspaceId, 'webhook_endpoint.disabled', endpointView(endpoint));
    }
    return { outcome, nextAttemptAt };
  });
}

/** Ends a delivery without sending: its endpoint was disabled or deleted meanwhile. */
export async function abandonDelivery(em: EntityManager, claimed: ClaimedDelivery): Promise<void> {
  await em.execute(
    `update webhook_deliveries set status = 'failed', last_error = 'endpoint_disabled', next_attempt_at = null,
            completed_at = now(), updated_at = now() where id = ? and generation = ? and attempts = ?`,
    [claimed.deliveryId, claimed.generation, claimed.attempt],
  );
}

export interface DeliveryBacklog {
  /** Pending deliveries whose next attempt is due now. */
  due: number;
  /** Pending deliveries waiting for a later retry. */
  scheduled: number;
  /** How long the oldest due attempt has been waiting (0 when none is). */
  oldestDueAgeSeconds: number;
}

/** The delivery backlog as the database knows it: true even while Redis is away. */
export async function deliveryBacklog(em: EntityManager): Promise<DeliveryBacklog> {
  const [row] = await em.execute<{ due: string; scheduled: string; oldest_due_age: string | null }[]>(
    `select count(*) filter (where next_attempt_at <= now()) as due,
            count(*) filter (where next_attempt_at > now()) as scheduled,
            extract(epoch from now() - min(next_attempt_at)) as oldest_due_age
       from webhook_deliveries where status = 'pending'`,
  );
  return {
    due: Number(row?.due ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    oldestDueAgeSeconds: Math.max(0, Number(row?.oldest_due_age ?? 0)),
  };
}
