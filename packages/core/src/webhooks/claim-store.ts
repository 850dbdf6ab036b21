import { type Database, type EntityManager, runStatement, toIso } from '@comptoir/db';
import { type Selectable, sql } from 'kysely';
import type { ClaimedDelivery, DeliveryJob } from './delivery.ts';

// The claims of attempts (a made attempt is recorded or abandoned in attempt-store.ts). The claims
// and the recorded successes stay SQL (`sql` fragments, as tuned): each handles many deliveries
// in one statement, a CTE over one JSON parameter (jsonb_to_recordset); the worker's throughput
// rests on them. Their text never changes, so they run as named prepared statements
// (runStatement), and each finds its deliveries by key (or by the row's address, ctid) whatever
// the planner's statistics say: they are usually from a table with few pending rows, and a plan
// that scanned the partial due index or the whole table once per delivery turned a backlog's
// drain quadratic.

/** A claimed attempt as the claim statement answers it. */
type ClaimRow = Pick<
  Selectable<Database['webhook_deliveries']>,
  'id' | 'workspace_id' | 'generation' | 'attempts' | 'event_id' | 'endpoint_id'
> &
  Pick<Selectable<Database['events']>, 'type' | 'data' | 'created_at'> &
  Pick<Selectable<Database['webhook_endpoints']>, 'url' | 'secret' | 'previous_secret'> & { usable: boolean };

function claimedDelivery(row: ClaimRow): ClaimedDelivery {
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
      encryptedSecrets: row.previous_secret ? [row.secret, row.previous_secret] : [row.secret],
    },
  };
}

/** SQL: the `claimed` deliveries (a CTE) with what sending them needs: the event, the endpoint. */
const claimedWithEventAndEndpoint = sql`select c.id, c.workspace_id, c.generation, c.attempts, ev.id as event_id,
            ev.type, ev.data, ev.created_at,
            e.id as endpoint_id, e.url, (e.status = 'enabled' and e.deleted_at is null) as usable, e.secret,
            case when e.previous_secret_expires_at > now() then e.previous_secret end as previous_secret
       from claimed c join events ev on ev.id = c.event_id join webhook_endpoints e on e.id = c.endpoint_id`;

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
  // `d.id = any(array(…))`: the deliveries by their primary key, never by a scan of the due index.
  const rows = await runStatement(
    em,
    sql<ClaimRow>`with wanted as (
       select * from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as j("deliveryId" text, generation integer, attempt integer)),
     claimed as (
       update webhook_deliveries d set attempts = d.attempts + 1, updated_at = now(),
              next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
         from wanted w
        where d.id = any(array(select "deliveryId" from wanted))
          and d.id = w."deliveryId" and d.generation = w.generation and d.attempts = w.attempt - 1
          and d.status = 'pending'
        returning d.id, d.workspace_id, d.generation, d.attempts, d.event_id, d.endpoint_id)
     ${claimedWithEventAndEndpoint}`,
  );
  const byDelivery = new Map(rows.map((row) => [row.id, row]));
  return jobs.map((job) => {
    const row = byDelivery.get(job.deliveryId);
    if (!row || row.attempts !== job.attempt || row.generation !== job.generation) return null;
    return claimedDelivery(row);
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

/** Free sending slots of one endpoint in the claiming process. */
export interface EndpointRoom {
  endpointId: string;
  free: number;
}

/**
 * The local hand-off's select and claim in one statement: takes up to `limit` attempts that are
 * due now and not queued, oldest first, at most `room`'s `free` for a listed endpoint and
 * `perEndpoint` for any other, leasing and counting each as claimDeliveryAttempts does. An
 * attempt another process (or a queued copy) claims first is skipped: the update only takes a
 * delivery still at the attempt count it read. Only the `limit` oldest due attempts are looked
 * at, so an endpoint with many overdue attempts is served before newer ones (first come, first
 * served, as in the queue).
 */
export async function claimDueAttempts(
  em: EntityManager,
  options: { limit: number; perEndpoint: number; room: readonly EndpointRoom[]; leaseMs: number },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const full = options.room.filter((endpoint) => endpoint.free <= 0).map((endpoint) => endpoint.endpointId);
  const partly = options.room.filter((endpoint) => endpoint.free > 0);
  // Raw SQL: a window over the oldest due rows (per-endpoint room), a conditional update joined
  // to it by the rows' addresses (ctid: a TID scan; a row changed since it was read has moved
  // and is skipped, as one claimed by another process is), and the claimed rows read with their
  // event and endpoint, in one round trip.
  const rows = await runStatement(
    em,
    sql<ClaimRow>`with oldest as (
       select ctid, id, generation, attempts, endpoint_id, next_attempt_at from webhook_deliveries
        where status = 'pending' and next_attempt_at <= now()
          and enqueued_attempt is distinct from attempts + 1
          and endpoint_id <> all(${full}::text[])
        order by next_attempt_at limit ${options.limit}),
     room as (
       select * from jsonb_to_recordset(${JSON.stringify(partly)}::jsonb) as r("endpointId" text, free integer)),
     picked as (
       select o.ctid, o.id, o.generation, o.attempts
         from (select *, row_number() over (partition by endpoint_id order by next_attempt_at, id) as place
                 from oldest) o
         left join room r on r."endpointId" = o.endpoint_id
        where o.place <= coalesce(r.free, ${options.perEndpoint})),
     claimed as (
       update webhook_deliveries d set attempts = d.attempts + 1, updated_at = now(),
              next_attempt_at = now() + ${options.leaseMs} * interval '1 millisecond'
         from picked p
        where d.ctid = p.ctid and d.id = p.id and d.generation = p.generation and d.attempts = p.attempts
          and d.status = 'pending'
        returning d.id, d.workspace_id, d.generation, d.attempts, d.event_id, d.endpoint_id)
     ${claimedWithEventAndEndpoint}`,
  );
  return rows.map(claimedDelivery);
}
