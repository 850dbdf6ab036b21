import { type Database, type EntityManager, isIdOf, kysely, newId, toIso, toIsoOrNull } from '@comptoir/db';
import type { Keyring } from '@comptoir/secrets';
import { type Selectable, sql, type Updateable } from 'kysely';
import type { ListPage, Page } from '../paging/index.ts';
import { keptTotal, selectPage } from '../paging/select-page.ts';
import { allEvents, type DeliveryAttemptView, type EndpointView } from './schemas.ts';
import { sealSigningSecret } from './secrets.ts';

const now = sql<Date>`now()`;

export const endpointColumns = [
  'id',
  'url',
  'description',
  'events',
  'status',
  'disabled_reason',
  'created_at',
  'updated_at',
] as const;
export type EndpointRow = Pick<Selectable<Database['webhook_endpoints']>, (typeof endpointColumns)[number]>;

export function endpointView(row: EndpointRow): EndpointView {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.length === 0 ? [allEvents] : row.events,
    status: row.status,
    disabledReason: row.disabled_reason,
    createdAt: toIso(row.created_at),
    updatedAt: toIso(row.updated_at),
  };
}

/** Stored as an empty array when every type is wanted, so new event types are included. */
function storedFilter(events: readonly string[] | undefined): string[] {
  return !events || events.includes(allEvents) ? [] : [...new Set(events)];
}

/** A live (not deleted) endpoint of the workspace; `lock` holds it until the transaction ends. */
export async function findEndpoint(
  em: EntityManager,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<EndpointView | undefined> {
  if (!isIdOf('webhookEndpoint', id)) return undefined;
  let query = kysely(em)
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row && endpointView(row);
}

/** Stores the endpoint with its signing secret encrypted (the view never holds it). */
export async function insertEndpoint(
  em: EntityManager,
  workspaceId: string,
  endpoint: { url: string; description?: string | undefined; events?: readonly string[] | undefined },
  secret: string,
  keyring: Keyring,
): Promise<EndpointView> {
  const id = newId('webhookEndpoint');
  const row = await kysely(em)
    .insertInto('webhook_endpoints')
    .values({
      id,
      workspace_id: workspaceId,
      url: endpoint.url,
      description: endpoint.description ?? null,
      events: storedFilter(endpoint.events),
      secret: sealSigningSecret(id, secret, keyring),
    })
    .returning(endpointColumns)
    .executeTakeFirstOrThrow();
  return endpointView(row);
}

/** The workspace's live endpoints, newest first. */
export function selectEndpointPage(
  em: EntityManager,
  workspaceId: string,
  page: Page,
): Promise<ListPage<EndpointView>> {
  const endpoints = kysely(em)
    .selectFrom('webhook_endpoints')
    .select(endpointColumns)
    .where('workspace_id', '=', workspaceId)
    .where('deleted_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  return selectPage(endpoints, page, endpointView, keptTotal(em, 'webhook_endpoints', workspaceId));
}

export interface EndpointChanges {
  url?: string | undefined;
  description?: string | null | undefined;
  events?: readonly string[] | undefined;
  /** `disabled`: by hand; `enabled`: with no reason and no run of failures behind it. */
  status?: 'enabled' | 'disabled' | undefined;
}

const statusChanges = {
  disabled: { status: 'disabled', disabled_reason: 'manual' },
  enabled: { status: 'enabled', disabled_reason: null, failing_since: null },
} as const satisfies Record<string, Updateable<Database['webhook_endpoints']>>;

export async function updateEndpointRow(
  em: EntityManager,
  id: string,
  changes: EndpointChanges,
): Promise<EndpointView | undefined> {
  const row = await kysely(em)
    .updateTable('webhook_endpoints')
    .set({
      ...(changes.url !== undefined && { url: changes.url }),
      ...(changes.description !== undefined && { description: changes.description }),
      ...(changes.events && { events: storedFilter(changes.events) }),
      ...(changes.status && statusChanges[changes.status]),
      updated_at: now,
    })
    .where('id', '=', id)
    .returning(endpointColumns)
    .executeTakeFirst();
  return row && endpointView(row);
}

/** Marks a live endpoint deleted (and disabled); false when there was none. */
export async function deleteEndpointRow(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const result = await kysely(em)
    .updateTable('webhook_endpoints')
    .set({ deleted_at: now, status: 'disabled', updated_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves the secret to previous_secret, valid `previousSecretHours` more, and stores `secret`
 * encrypted. The moved value stays as it was: both columns share the endpoint's binding.
 */
export async function replaceEndpointSecret(
  em: EntityManager,
  workspaceId: string,
  id: string,
  secret: string,
  previousSecretHours: number,
  keyring: Keyring,
): Promise<EndpointView | undefined> {
  const row = await kysely(em)
    .updateTable('webhook_endpoints')
    .set((eb) => ({
      previous_secret: eb.ref('secret'),
      previous_secret_expires_at: sql<Date>`now() + interval ${sql.lit(`${previousSecretHours} hours`)}`,
      secret: sealSigningSecret(id, secret, keyring),
      updated_at: now,
    }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .returning(endpointColumns)
    .executeTakeFirst();
  return row && endpointView(row);
}

/** The attempts to deliver to an endpoint, newest first. */
export function selectDeliveryAttemptPage(
  em: EntityManager,
  workspaceId: string,
  endpointId: string,
  page: Page,
): Promise<ListPage<DeliveryAttemptView>> {
  const attempts = kysely(em)
    .selectFrom('webhook_delivery_attempts as a')
    .innerJoin('webhook_deliveries as d', 'd.id', 'a.delivery_id')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .select([
      'a.delivery_id',
      'd.event_id',
      'e.type as event_type',
      'a.attempt',
      'a.status_code',
      'a.duration_ms',
      'a.error',
      'a.next_attempt_at',
      'd.status as delivery_status',
      'a.started_at',
    ])
    .where('d.workspace_id', '=', workspaceId)
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('a.id', 'desc');
  return selectPage(attempts, page, (row) => ({
    deliveryId: row.delivery_id,
    eventId: row.event_id,
    eventType: row.event_type,
    attempt: row.attempt,
    outcome:
      row.status_code !== null && row.status_code >= 200 && row.status_code < 300 ? 'succeeded' : 'failed',
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    nextAttemptAt: toIsoOrNull(row.next_attempt_at),
    deliveryStatus: row.delivery_status,
    attemptedAt: toIso(row.started_at),
  }));
}

export interface StoredSecretsRow {
  id: string;
  secret: string;
  previous_secret: string | null;
}

/**
 * Up to `limit` endpoints after `afterId` (by id, deleted ones included: their secrets are stored
 * too), locked until the transaction ends, with their stored secrets.
 */
export function lockStoredSecrets(
  em: EntityManager,
  afterId: string,
  limit: number,
): Promise<StoredSecretsRow[]> {
  return kysely(em)
    .selectFrom('webhook_endpoints')
    .select(['id', 'secret', 'previous_secret'])
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .forUpdate()
    .execute();
}

/** Writes the endpoints' stored secrets as given (already encrypted). */
export async function writeStoredSecrets(
  em: EntityManager,
  rows: readonly StoredSecretsRow[],
): Promise<void> {
  if (rows.length === 0) return;
  // Raw SQL: a batched update, one JSON parameter (jsonb_to_recordset) for every row.
  await sql`update webhook_endpoints e set secret = v.secret, previous_secret = v.previous_secret
       from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id text, secret text, previous_secret text)
      where e.id = v.id`.execute(kysely(em));
}
