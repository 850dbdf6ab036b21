import { type EntityManager, inTransaction, isIdOf, newId, toIso, toIsoOrNull } from '@comptoir/db';
import { generateSecret, urlTargetRefusal } from '@comptoir/webhooks';
import { AppError, notFound } from '../errors/index.ts';
import type { EventType } from '../events/index.ts';
import { assignments, type ListPage, listPage, type Page } from '../paging/index.ts';
import { deliveryIdExpression, subscribedEndpoint } from './delivery.ts';
import {
  allEvents,
  type DeliveryAttemptView,
  type EndpointCreate,
  type EndpointUpdate,
  type EndpointView,
  type EndpointWithSecret,
  type EventView,
  endpointCreateSchema,
  endpointUpdateSchema,
} from './schemas.ts';
import { type EndpointRow, endpointColumns, endpointView } from './view.ts';

export * from './delivery.ts';
export * from './schemas.ts';
export { endpointView } from './view.ts';

/** How long a rotated-out secret keeps signing beside the new one. */
export const previousSecretHours = 24;

/** SQL: the text[] of a storedFilter parameter (MikroORM would expand an array parameter). */
const eventTypesParameter = 'array(select jsonb_array_elements_text(?::jsonb))';

/** Where webhooks may go: the service's setting, shared by the API and the worker. */
export interface TargetPolicy {
  allowPrivateTargets: boolean;
}
const publicTargetsOnly: TargetPolicy = { allowPrivateTargets: false };

const targetRefusalMessages = {
  https_required: 'must use https',
  forbidden_address: 'must not point to a private, loopback, link-local or metadata address',
} as const;

/** Refuses at registration what the sender would refuse on every attempt. */
function assertDeliverableUrl(url: string, policy: TargetPolicy): void {
  const refusal = urlTargetRefusal(new URL(url), policy.allowPrivateTargets);
  if (refusal) {
    throw new AppError('invalid_body', `url ${targetRefusalMessages[refusal]}`, {
      details: [{ path: 'url', message: targetRefusalMessages[refusal] }],
    });
  }
}

/** Stored as an empty array when every type is wanted, so new event types are included. */
function storedFilter(events: readonly string[] | undefined): string {
  const types = !events || events.includes(allEvents) ? [] : [...new Set(events)];
  return JSON.stringify(types);
}

async function findEndpointRow(
  em: EntityManager,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<EndpointRow | undefined> {
  if (!isIdOf('webhookEndpoint', id)) return undefined;
  const [row] = await em.execute<EndpointRow[]>(
    `select ${endpointColumns} from webhook_endpoints
      where workspace_id = ? and id = ? and deleted_at is null${lock ? ' for update' : ''}`,
    [workspaceId, id],
  );
  return row;
}

export async function createEndpoint(
  em: EntityManager,
  workspaceId: string,
  input: EndpointCreate,
  policy: TargetPolicy = publicTargetsOnly,
): Promise<EndpointWithSecret> {
  const endpoint = endpointCreateSchema.parse(input);
  assertDeliverableUrl(endpoint.url, policy);
  const secret = generateSecret();
  const [row] = await em.execute<EndpointRow[]>(
    `insert into webhook_endpoints (id, workspace_id, url, description, events, secret)
     values (?, ?, ?, ?, ${eventTypesParameter}, ?) returning ${endpointColumns}`,
    [
      newId('webhookEndpoint'),
      workspaceId,
      endpoint.url,
      endpoint.description ?? null,
      storedFilter(endpoint.events),
      secret,
    ],
  );
  if (!row) throw new Error('insert returned no row');
  return { ...endpointView(row), secret };
}

export function listEndpoints(
  em: EntityManager,
  workspaceId: string,
  page: Page,
): Promise<ListPage<EndpointView>> {
  return listPage<EndpointRow, EndpointView>(
    em,
    {
      select: endpointColumns,
      from: 'webhook_endpoints',
      where: 'workspace_id = ? and deleted_at is null',
      params: [workspaceId],
      orderBy: 'created_at desc, id desc',
    },
    page,
    endpointView,
  );
}

export async function getEndpoint(em: EntityManager, workspaceId: string, id: string): Promise<EndpointView> {
  const row = await findEndpointRow(em, workspaceId, id);
  if (!row) throw notFound('Webhook endpoint');
  return endpointView(row);
}

export async function updateEndpoint(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: EndpointUpdate,
  policy: TargetPolicy = publicTargetsOnly,
): Promise<EndpointView> {
  const patch = endpointUpdateSchema.parse(input);
  if (patch.url !== undefined) assertDeliverableUrl(patch.url, policy);
  return inTransaction(em, async (tx) => {
    const current = await findEndpointRow(tx, workspaceId, id, true);
    if (!current) throw notFound('Webhook endpoint');
    const { sets, params } = assignments(patch, { url: 'url', description: 'description' });
    if (patch.events) {
      sets.push(`events = ${eventTypesParameter}`);
      params.push(storedFilter(patch.events));
    }
    if (patch.status === 'disabled' && current.status === 'enabled') {
      sets.push("status = 'disabled', disabled_reason = 'manual'");
    }
    // Enabling again starts a new record: past failures no longer count towards disabling.
    if (patch.status === 'enabled' && current.status === 'disabled') {
      sets.push("status = 'enabled', disabled_reason = null, failing_since = null");
    }
    sets.push('updated_at = now()');
    const [row] = await tx.execute<EndpointRow[]>(
      `update webhook_endpoints set ${sets.join(', ')} where id = ? returning ${endpointColumns}`,
      [...params, id],
    );
    if (!row) throw notFound('Webhook endpoint');
    return endpointView(row);
  });
}

/** Deletes an endpoint: it receives nothing more; its delivery log stays. */
export async function deleteEndpoint(em: EntityManager, workspaceId: string, id: string): Promise<void> {
  if (!isIdOf('webhookEndpoint', id)) throw notFound('Webhook endpoint');
  const rows = await em.execute<unknown[]>(
    `update webhook_endpoints set deleted_at = now(), status = 'disabled', updated_at = now()
      where workspace_id = ? and id = ? and deleted_at is null returning 1`,
    [workspaceId, id],
  );
  if (rows.length === 0) throw notFound('Webhook endpoint');
}

/**
 * A new signing secret. The previous one keeps signing beside it for previousSecretHours, so
 * receivers can switch without missing an event.
 */
export async function rotateEndpointSecret(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<EndpointWithSecret> {
  if (!isIdOf('webhookEndpoint', id)) throw notFound('Webhook endpoint');
  const secret = generateSecret();
  const [row] = await em.execute<EndpointRow[]>(
    `update webhook_endpoints
        set previous_secret = secret, previous_secret_expires_at = now() + interval '${previousSecretHours} hours',
            secret = ?, updated_at = now()
      where workspace_id = ? and id = ? and deleted_at is null returning ${endpointColumns}`,
    [secret, workspaceId, id],
  );
  if (!row) throw notFound('Webhook endpoint');
  return { ...endpointView(row), secret };
}

interface AttemptRow {
  delivery_id: string;
  event_id: string;
  event_type: string;
  attempt: number;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  next_attempt_at: Date | string | null;
  delivery_status: DeliveryAttemptView['deliveryStatus'];
  started_at: Date | string;
}

/** Every attempt to deliver to an endpoint, newest first. */
export async function listDeliveryAttempts(
  em: EntityManager,
  workspaceId: string,
  endpointId: string,
  page: Page,
): Promise<ListPage<DeliveryAttemptView>> {
  await getEndpoint(em, workspaceId, endpointId);
  return listPage<AttemptRow, DeliveryAttemptView>(
    em,
    {
      select: `a.delivery_id, d.event_id, e.type as event_type, a.attempt, a.status_code, a.duration_ms,
               a.error, a.next_attempt_at, d.status as delivery_status, a.started_at`,
      from: `webhook_delivery_attempts a
               join webhook_deliveries d on d.id = a.delivery_id
               join events e on e.id = d.event_id`,
      where: 'd.workspace_id = ? and d.endpoint_id = ?',
      params: [workspaceId, endpointId],
      orderBy: 'a.id desc',
    },
    page,
    (row) => ({
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
    }),
  );
}

interface EventRow {
  id: string;
  type: string;
  data: Record<string, unknown>;
  created_at: Date | string;
}

export function eventView(row: EventRow): EventView {
  return { id: row.id, type: row.type, timestamp: toIso(row.created_at), data: row.data };
}

export function listEvents(
  em: EntityManager,
  workspaceId: string,
  query: Page & { type?: EventType | undefined },
): Promise<ListPage<EventView>> {
  const clauses = ['workspace_id = ?'];
  const params: unknown[] = [workspaceId];
  if (query.type) {
    clauses.push('type = ?');
    params.push(query.type);
  }
  return listPage<EventRow, EventView>(
    em,
    {
      select: 'id, type, data, created_at',
      from: 'events',
      where: clauses.join(' and '),
      params,
      orderBy: 'created_at desc, id desc',
    },
    query,
    eventView,
  );
}

export async function getEvent(em: EntityManager, workspaceId: string, id: string): Promise<EventView> {
  if (!isIdOf('event', id)) throw notFound('Event');
  const [row] = await em.execute<EventRow[]>(
    'select id, type, data, created_at from events where workspace_id = ? and id = ?',
    [workspaceId, id],
  );
  if (!row) throw notFound('Event');
  return eventView(row);
}

/**
 * Delivers an event again, from a fresh retry schedule: to one endpoint, or to every enabled
 * endpoint subscribed to its type. The worker picks the deliveries up.
 */
export async function redeliverEvent(
  em: EntityManager,
  workspaceId: string,
  eventId: string,
  endpointId?: string,
): Promise<{ deliveries: { id: string; endpointId: string }[] }> {
  const event = await getEvent(em, workspaceId, eventId);
  if (endpointId !== undefined) {
    const endpoint = await findEndpointRow(em, workspaceId, endpointId);
    if (!endpoint) throw new AppError('webhook_endpoint_not_found', 'Webhook endpoint not found');
    if (endpoint.status !== 'enabled') {
      throw new AppError('webhook_endpoint_disabled', 'This endpoint is disabled: enable it first');
    }
  }
  const rows = await em.execute<{ id: string; endpoint_id: string }[]>(
    `insert into webhook_deliveries (id, workspace_id, event_id, endpoint_id)
     select ${deliveryIdExpression('ev.id', 'e.id')}, ev.workspace_id, ev.id, e.id
       from events ev join webhook_endpoints e on ${subscribedEndpoint('ev', 'e')}
      where ev.id = ? and (?::text is null or e.id = ?)
     on conflict (event_id, endpoint_id) do update
       set status = 'pending', attempts = 0, generation = webhook_deliveries.generation + 1,
           next_attempt_at = now(), enqueued_attempt = null, completed_at = null, updated_at = now()
     returning id, endpoint_id`,
    [event.id, endpointId ?? null, endpointId ?? null],
  );
  if (endpointId !== undefined && rows.length === 0) {
    throw new AppError(
      'webhook_endpoint_not_subscribed',
      `This endpoint is not subscribed to ${event.type}: add it to the endpoint's events first`,
    );
  }
  return { deliveries: rows.map((row) => ({ id: row.id, endpointId: row.endpoint_id })) };
}
