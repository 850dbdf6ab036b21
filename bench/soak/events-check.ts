/**
 * Events against deliveries. Before the traffic, the seeded events are left to the relay (there
 * is no endpoint yet: nothing to deliver) and set aside; every event recorded from then on must
 * reach the receiver. After the traffic, a bounded drain waits for them, then the ids recorded
 * in `events` are compared with those received, with the event-to-delivery latency.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { log } from './log.ts';
import type { Receiver } from './receiver.ts';
import { drainSeconds, minuteCount } from './settings.ts';
import { type Distribution, distribution, round } from './stats.ts';

/** An event recorded during the run, with its creation, relay and first attempt as wall-clock ms. */
interface EventRow {
  id: string;
  type: string;
  created: number;
  published: number | null;
  started: number | null;
}

export interface EventsCheck {
  recorded: EventRow[];
  lost: EventRow[];
  /** Ids received that were not recorded during the run. */
  unexpected: number;
  drainMs: number;
  eventsByType: Map<string, number>;
  /** Delivery rows of the endpoint by status, with their attempts. */
  deliveries: { status: string; deliveries: number; attempts: number }[];
  /** Events of the whole database not yet published by the relay. */
  unpublished: number;
  /** Event-to-delivery latency (arrival − created_at) of the events created in each minute. */
  latencyPerMinuteMs: number[][];
  /** The same over the run, split into stages as bench/webhooks.ts does. */
  stagesMs: { relay: Distribution; dispatchQueueClaim: Distribution; post: Distribution };
  latencyByTypeMs: Record<string, Distribution>;
}

const countUnpublished = async (db: pg.Client) =>
  Number(
    (await db.query<{ n: string }>('select count(*) as n from events where published_at is null')).rows[0]?.n,
  );

/**
 * Waits (at most 120 s) for the relay to publish the seeded events; returns the ids of the events
 * that exist then.
 */
export async function eventsBeforeTraffic(db: pg.Client, workspaceId: string): Promise<Set<string>> {
  const deadline = Date.now() + 120_000;
  while ((await countUnpublished(db)) > 0) {
    if (Date.now() > deadline) throw new Error('the worker did not publish the seeded events in 120 s');
    await sleep(200);
  }
  const { rows } = await db.query<{ id: string }>('select id from events where workspace_id = $1', [
    workspaceId,
  ]);
  return new Set(rows.map((row) => row.id));
}

/**
 * Waits, at most SOAK_DRAIN_SECONDS, until the receiver has as many events as were recorded since
 * the traffic began; returns the ms waited.
 */
export async function drainDeliveries(
  db: pg.Client,
  workspaceId: string,
  eventsBefore: Set<string>,
  receiver: Receiver,
): Promise<number> {
  const recordedCount = async () =>
    Number(
      (
        await db.query<{ n: string }>('select count(*) as n from events where workspace_id = $1', [
          workspaceId,
        ])
      ).rows[0]?.n,
    ) - eventsBefore.size;
  const drainStarted = performance.now();
  let expectedCount = await recordedCount();
  while (receiver.received() < expectedCount && performance.now() - drainStarted < drainSeconds * 1000) {
    await sleep(500);
    expectedCount = await recordedCount();
  }
  return performance.now() - drainStarted;
}

/** After the drain: compares the events recorded during the run with the arrivals. */
export async function checkEvents(
  db: pg.Client,
  ids: { workspaceId: string; endpointId: string },
  eventsBefore: Set<string>,
  receiver: Receiver,
  timing: { drainMs: number; trafficStartWall: number },
): Promise<EventsCheck> {
  await receiver.collect();
  const recorded = (await recordedEvents(db, ids)).filter((row) => !eventsBefore.has(row.id));
  const arrivals = receiver.arrivals();
  const lost = recorded.filter((row) => !arrivals.has(row.id));
  const recordedIds = new Set(recorded.map((row) => row.id));
  const unexpected = [...arrivals.keys()].filter((id) => !recordedIds.has(id)).length;
  const deliveries = await deliveryStates(db, ids.endpointId);
  const unpublished = await countUnpublished(db);
  const eventsByType = new Map<string, number>();
  for (const row of recorded) eventsByType.set(row.type, (eventsByType.get(row.type) ?? 0) + 1);
  const latencies = deliveryLatencies(recorded, arrivals, timing.trafficStartWall);
  log(
    `webhooks: ${recorded.length} events recorded, ${recorded.length - lost.length} received ` +
      `(drain ${round(timing.drainMs / 1000)} s), ${receiver.duplicates()} duplicates`,
  );
  return {
    recorded,
    lost,
    unexpected,
    drainMs: timing.drainMs,
    eventsByType,
    deliveries,
    unpublished,
    ...latencies,
  };
}

/** The workspace's events, with their relay and the start of the first attempt to the endpoint. */
async function recordedEvents(
  db: pg.Client,
  ids: { workspaceId: string; endpointId: string },
): Promise<EventRow[]> {
  const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
  const { rows } = await db.query<EventRow>(
    `select ev.id, ev.type, ${ms('ev.created_at')} as created, ${ms('ev.published_at')} as published,
            (select ${ms('min(a.started_at)')} from webhook_deliveries d
               join webhook_delivery_attempts a on a.delivery_id = d.id and a.attempt = 1
              where d.event_id = ev.id and d.endpoint_id = $2) as started
       from events ev where ev.workspace_id = $1`,
    [ids.workspaceId, ids.endpointId],
  );
  return rows;
}

async function deliveryStates(db: pg.Client, endpointId: string): Promise<EventsCheck['deliveries']> {
  const { rows } = await db.query<{ status: string; n: string; attempts: string }>(
    `select status, count(*) as n, sum(attempts) as attempts from webhook_deliveries
      where endpoint_id = $1 group by status`,
    [endpointId],
  );
  return rows.map((row) => ({
    status: row.status,
    deliveries: Number(row.n),
    attempts: Number(row.attempts),
  }));
}

/** Event-to-delivery latency per minute of the run, by stage and by event type. */
function deliveryLatencies(
  recorded: EventRow[],
  arrivals: Map<string, number>,
  trafficStartWall: number,
): Pick<EventsCheck, 'latencyPerMinuteMs' | 'stagesMs' | 'latencyByTypeMs'> {
  const perMinute: number[][] = Array.from({ length: minuteCount }, () => []);
  const stages = { relay: [] as number[], dispatchQueueClaim: [] as number[], post: [] as number[] };
  const byType = new Map<string, number[]>();
  for (const row of recorded) {
    const at = arrivals.get(row.id);
    if (at === undefined) continue;
    const minute = Math.max(
      0,
      Math.min(minuteCount - 1, Math.floor((row.created - trafficStartWall) / 60_000)),
    );
    (perMinute[minute] as number[]).push(at - row.created);
    const list = byType.get(row.type) ?? [];
    byType.set(row.type, list);
    list.push(at - row.created);
    if (row.published === null || row.started === null) continue;
    stages.relay.push(row.published - row.created);
    stages.dispatchQueueClaim.push(row.started - row.published);
    stages.post.push(at - row.started);
  }
  return {
    latencyPerMinuteMs: perMinute,
    stagesMs: {
      relay: distribution(stages.relay),
      dispatchQueueClaim: distribution(stages.dispatchQueueClaim),
      post: distribution(stages.post),
    },
    latencyByTypeMs: Object.fromEntries([...byType].map(([type, list]) => [type, distribution(list)])),
  };
}
