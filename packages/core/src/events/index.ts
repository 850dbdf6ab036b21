import { type EntityManager, newId, type SqlPart, toIso } from '@comptoir/db';

/** Event types the service records (rulings: "Events and webhooks"). */
export const eventTypes = [
  'invoice.created',
  'quote.created',
  'quote.updated',
  'quote.sent',
  'quote.deleted',
  'contact.created',
  'company.created',
  'opportunity.created',
  'stock.adjusted',
  'stock.movement',
  'stock.low',
  'stock.out',
  'webhook_endpoint.disabled',
] as const;
export type EventType = (typeof eventTypes)[number];

export interface RecordedEvent {
  id: string;
  type: EventType;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface NewEvent {
  type: EventType;
  data: Record<string, unknown>;
}

/**
 * Records domain events in the outbox, in order, with one statement. It must run inside the
 * transaction of the change they describe: `em` is that transaction's EntityManager, so the
 * events exist if and only if the change committed.
 */
export async function recordEvents(
  em: EntityManager,
  workspaceId: string,
  events: readonly NewEvent[],
): Promise<RecordedEvent[]> {
  if (!em.isInTransaction()) {
    throw new Error(
      `recordEvents(${events.map((event) => event.type).join(', ')}) called outside a transaction`,
    );
  }
  if (events.length === 0) return [];
  const recorded = events.map((event) => ({ id: newId('event'), ...event }));
  // One JSON parameter: MikroORM would expand an array parameter into a list.
  const [row] = await em.execute<{ created_at: Date | string }[]>(
    `with inserted as (
       insert into events (id, workspace_id, type, data)
       select id, ?, type, data from jsonb_to_recordset(?::jsonb) as t(id text, type text, data jsonb)
       returning created_at)
     select created_at from inserted limit 1`,
    [workspaceId, JSON.stringify(recorded)],
  );
  const timestamp = toIso(row?.created_at ?? new Date());
  return recorded.map((event) => ({ ...event, timestamp }));
}

/** Records one domain event in the outbox; see recordEvents. */
export async function recordEvent(
  em: EntityManager,
  workspaceId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<RecordedEvent> {
  const [event] = await recordEvents(em, workspaceId, [{ type, data }]);
  if (!event) throw new Error('recordEvents returned no event');
  return event;
}

/**
 * The insert of one event, for a statement that makes a change and records its event at once
 * (a single statement is atomic, in a transaction or not). `data` is the record as the API
 * shows it, except the `completions`: fields only that statement knows (a number it assigns),
 * given as SQL expressions over `from`, one of its CTEs.
 */
export function eventInsert(
  workspaceId: string,
  event: NewEvent,
  from: { cte: string; completions: Record<string, string> },
): SqlPart {
  const completions = Object.entries(from.completions)
    .map(([field, expression]) => `'${field}', ${expression}`)
    .join(', ');
  return {
    sql: `insert into events (id, workspace_id, type, data)
     select ?, ?, ?, ?::jsonb || jsonb_build_object(${completions}) from ${from.cte}`,
    params: [newId('event'), workspaceId, event.type, JSON.stringify(event.data)],
  };
}

export interface OutboxBacklog {
  unpublished: number;
  /** Age of the oldest unpublished event, in seconds (0 when there is none). */
  oldestAgeSeconds: number;
}

/** How far event delivery lags behind: what operators watch until every event is delivered. */
export async function outboxBacklog(em: EntityManager): Promise<OutboxBacklog> {
  const [row] = await em.execute<{ unpublished: string; oldest_age: string | null }[]>(
    `select count(*) as unpublished, extract(epoch from now() - min(created_at)) as oldest_age
       from events where published_at is null`,
  );
  return { unpublished: Number(row?.unpublished ?? 0), oldestAgeSeconds: Number(row?.oldest_age ?? 0) };
}
