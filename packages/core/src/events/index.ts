import { type EntityManager, newId, toIso } from '@comptoir/db';

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
] as const;
export type EventType = (typeof eventTypes)[number];

export interface RecordedEvent {
  id: string;
  type: EventType;
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Records a domain event in the outbox. It must run inside the transaction of the change it
 * describes: `em` is that transaction's EntityManager, so the event exists if and only if
 * the change committed.
 */
export async function recordEvent(
  em: EntityManager,
  workspaceId: string,
  type: EventType,
  data: Record<string, unknown>,
): Promise<RecordedEvent> {
  if (!em.isInTransaction()) throw new Error(`recordEvent(${type}) called outside a transaction`);
  const id = newId('event');
  const [row] = await em.execute<{ created_at: Date | string }[]>(
    'insert into events (id, workspace_id, type, data) values (?, ?, ?, ?::jsonb) returning created_at',
    [id, workspaceId, type, JSON.stringify(data)],
  );
  return { id, type, timestamp: toIso(row?.created_at ?? new Date()), data };
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
