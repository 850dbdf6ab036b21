import { type Database, type EntityManager, kysely, newId, toIso } from '@comptoir/db';
import { type RawBuilder, type Selectable, sql } from 'kysely';
import type { ListPage, Page } from '../paging/index.ts';
import { selectPage } from '../paging/select-page.ts';
import { currentActor } from './actor.ts';
import type { EventType, EventView, NewEvent } from './schemas.ts';

const eventColumns = ['id', 'type', 'data', 'actor_kind', 'actor_id', 'created_at'] as const;

function eventView(row: Pick<Selectable<Database['events']>, (typeof eventColumns)[number]>): EventView {
  return {
    id: row.id,
    type: row.type,
    timestamp: toIso(row.created_at),
    actor: row.actor_kind && row.actor_id ? { kind: row.actor_kind, id: row.actor_id } : null,
    data: row.data,
  };
}

/**
 * The actor columns' values for events recorded now (events/actor.ts): SQL text parameters, null
 * for the service's own changes. Every statement below that inserts events takes them.
 */
export function actorValues(): { kind: RawBuilder<unknown>; id: RawBuilder<unknown> } {
  const actor = currentActor();
  return { kind: sql`${actor?.kind ?? null}::text`, id: sql`${actor?.id ?? null}::text` };
}

/**
 * Inserts events in the given order with one statement, and answers the time the outbox gave
 * them (one transaction, one `now()`).
 */
export async function insertEvents(
  em: EntityManager,
  workspaceId: string,
  events: readonly (NewEvent & { id: string })[],
): Promise<Date | string | undefined> {
  const { rows } = await sql<{ created_at: Date | string }>`with inserted as (
       ${eventsInsert(workspaceId, events)}
       returning created_at)
     select created_at from inserted limit 1`.execute(kysely(em));
  return rows[0]?.created_at;
}

/**
 * The insert of events in the given order, for a statement that makes a change and records its
 * events at once (as a data-modifying CTE: one round trip fewer). Raw SQL: the events go as one
 * JSON parameter through jsonb_to_recordset, so the statement is the same text for one event or
 * for the many a stock change records (one per movement).
 */
export function eventsInsert(
  workspaceId: string,
  events: readonly (NewEvent & { id: string })[],
): RawBuilder<unknown> {
  const actor = actorValues();
  return sql`insert into events (id, workspace_id, type, data, actor_kind, actor_id)
       select id, ${workspaceId}, type, data, ${actor.kind}, ${actor.id} from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as t(id text, type text, data jsonb)`;
}

/**
 * Inserts events of several workspaces, each with its own, with one statement (a sweep over
 * every workspace's records); same statement shape and clock as insertEvents.
 */
export async function insertWorkspaceEvents(
  em: EntityManager,
  events: readonly (NewEvent & { id: string; workspaceId: string })[],
): Promise<Date | string | undefined> {
  const actor = actorValues();
  const { rows } = await sql<{ created_at: Date | string }>`with inserted as (
       insert into events (id, workspace_id, type, data, actor_kind, actor_id)
       select id, "workspaceId", type, data, ${actor.kind}, ${actor.id} from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as t(id text, "workspaceId" text, type text, data jsonb)
       returning created_at)
     select created_at from inserted limit 1`.execute(kysely(em));
  return rows[0]?.created_at;
}

/**
 * The insert of one event, for a statement that makes a change and records its event at once
 * (a single statement is atomic, in a transaction or not). `data` is the record as the API
 * shows it, except the `completions`: fields only that statement knows (a number it assigns),
 * given as SQL expressions over `from`, one of its CTEs (written in code, never from input).
 */
export function eventInsert(
  workspaceId: string,
  event: NewEvent,
  from: { cte: string; completions: Record<string, string> },
): RawBuilder<unknown> {
  const actor = actorValues();
  return sql`insert into events (id, workspace_id, type, data, actor_kind, actor_id)
     select ${newId('event')}, ${workspaceId}, ${event.type}, ${JSON.stringify(event.data)}::jsonb || ${completionsObject(from.completions)}, ${actor.kind}, ${actor.id} from ${sql.table(from.cte)}`;
}

/**
 * The insert of one event of `type` per row of `from.rows` (SQL: a FROM clause whose rows have
 * `event_id` and `event_data` columns), each completed like eventInsert's: for a statement that
 * creates many records at once.
 */
export function completedEventsInsert(
  workspaceId: string,
  type: EventType,
  from: { rows: RawBuilder<unknown>; completions: Record<string, string> },
): RawBuilder<unknown> {
  const actor = actorValues();
  return sql`insert into events (id, workspace_id, type, data, actor_kind, actor_id)
     select event_id, ${workspaceId}, ${type}, event_data || ${completionsObject(from.completions)}, ${actor.kind}, ${actor.id} from ${from.rows}`;
}

/** SQL: a jsonb object of the completions (field names and expressions written in code, never from input). */
function completionsObject(completions: Record<string, string>): RawBuilder<unknown> {
  const fields = sql.join(
    Object.entries(completions).map(([field, expression]) => sql`${sql.lit(field)}, ${sql.raw(expression)}`),
  );
  return sql`jsonb_build_object(${fields})`;
}

/** A workspace's events, newest first, of one type when `type` is given. */
export function selectEventPage(
  em: EntityManager,
  workspaceId: string,
  query: Page & { type?: EventType | undefined },
): Promise<ListPage<EventView>> {
  let events = kysely(em).selectFrom('events').select(eventColumns).where('workspace_id', '=', workspaceId);
  if (query.type) events = events.where('type', '=', query.type);
  return selectPage(events.orderBy('created_at', 'desc').orderBy('id', 'desc'), query, eventView);
}

export async function findEvent(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<EventView | undefined> {
  const row = await kysely(em)
    .selectFrom('events')
    .select(eventColumns)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && eventView(row);
}

export interface OutboxBacklog {
  unpublished: number;
  /** Age of the oldest unpublished event, in seconds (0 when there is none). */
  oldestAgeSeconds: number;
}

/** How far event delivery lags behind: what operators watch until every event is delivered. */
export async function outboxBacklog(em: EntityManager): Promise<OutboxBacklog> {
  const row = await kysely(em)
    .selectFrom('events')
    .select((eb) => [
      eb.fn.countAll<string>().as('unpublished'),
      sql<string | null>`extract(epoch from now() - min(created_at))`.as('oldest_age'),
    ])
    .where('published_at', 'is', null)
    .executeTakeFirst();
  return { unpublished: Number(row?.unpublished ?? 0), oldestAgeSeconds: Number(row?.oldest_age ?? 0) };
}

/** The most events a record's timeline shows. */
export const timelineLimit = 200;

// The predicates of the timeline's partial indexes (Migration20261201100100_record_timeline),
// written as there: a partial index serves a query whose WHERE implies its predicate.
const invoiceEventTypes = sql<boolean>`(type like 'invoice.%' or type like 'credit_note.%')`;
const quoteEventTypes = sql<boolean>`(type like 'quote.%')`;

/**
 * A document's timeline: the workspace's events whose `data.id` is the record, oldest first, at
 * most timelineLimit. An invoice's also has the events that name it as the invoice a credit note
 * cancels (`data.creditedInvoiceId`: the credit note's creation).
 */
export async function recordTimeline(
  em: EntityManager,
  workspaceId: string,
  record: { kind: 'invoice' | 'quote'; id: string },
): Promise<EventView[]> {
  const rows = await kysely(em)
    .selectFrom('events')
    .select(eventColumns)
    .where('workspace_id', '=', workspaceId)
    .where((eb) =>
      record.kind === 'quote'
        ? eb.and([quoteEventTypes, eb(sql`data ->> 'id'`, '=', record.id)])
        : eb.and([
            invoiceEventTypes,
            eb.or([
              eb(sql`data ->> 'id'`, '=', record.id),
              eb(sql`data ->> 'creditedInvoiceId'`, '=', record.id),
            ]),
          ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .limit(timelineLimit)
    .execute();
  return rows.map(eventView);
}
