import { type EntityManager, newId, toIso } from '@comptoir/db';
import type { EventType, NewEvent, RecordedEvent } from './schemas.ts';
import { insertEvents, insertWorkspaceEvents } from './store.ts';

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
  const createdAt = await insertEvents(em, workspaceId, recorded);
  const timestamp = toIso(createdAt ?? new Date());
  return recorded.map((event) => ({ ...event, timestamp }));
}

/**
 * Records events of several workspaces (each event names its own) with one statement, inside
 * the transaction of the change they describe, like recordEvents: for changes that sweep
 * records of every workspace at once.
 */
export async function recordWorkspaceEvents(
  em: EntityManager,
  events: readonly (NewEvent & { workspaceId: string })[],
): Promise<(RecordedEvent & { workspaceId: string })[]> {
  if (!em.isInTransaction()) {
    throw new Error(`recordWorkspaceEvents(${events[0]?.type ?? ''}, …) called outside a transaction`);
  }
  if (events.length === 0) return [];
  const recorded = events.map((event) => ({ id: newId('event'), ...event }));
  const createdAt = await insertWorkspaceEvents(em, recorded);
  const timestamp = toIso(createdAt ?? new Date());
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
