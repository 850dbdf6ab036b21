import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, newestFirst, updatedAt } from './columns.ts';
import { DomainEvent } from './events.ts';
import { workspaceId } from './workspaces.ts';

export const WebhookEndpoint = defineEntity({
  name: 'WebhookEndpoint',
  tableName: 'webhook_endpoints',
  properties: {
    id: id(),
    workspaceId: workspaceId('webhook_endpoints'),
    url: p.text(),
    description: p.text().nullable(),
    // empty: every event type
    events: p.array<string>().defaultRaw(`'{}'`),
    status: p.enum(['enabled', 'disabled'] as const).default('enabled'),
    disabledReason: p.enum(['manual', 'gone', 'failing'] as const).nullable(),
    // encrypted (@comptoir/secrets): `enc:…`, bound to the endpoint; never clear text
    secret: p.text(),
    previousSecret: p.text().nullable(),
    previousSecretExpiresAt: p.datetime().nullable(),
    // the first failure of the current run of failures; null after a success
    failingSince: p.datetime().nullable(),
    deletedAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ name: 'webhook_endpoints_workspace_id_id_key', properties: ['workspaceId', 'id'] }],
  indexes: [{ ...newestFirst('webhook_endpoints_workspace_idx'), where: { deletedAt: null } }],
  checks: [
    { name: 'webhook_endpoints_secret_encrypted', expression: "starts_with(secret, 'enc:')" },
    {
      name: 'webhook_endpoints_previous_secret_encrypted',
      expression: "previous_secret is null or starts_with(previous_secret, 'enc:')",
    },
  ],
});

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// key (workspace_id, endpoint_id) -> webhook_endpoints (workspace_id, id).
export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_deliveries',
  properties: {
    id: id(),
    workspaceId: p.text(),
    eventId: p
      .manyToOne(DomainEvent)
      .mapToPk()
      .fieldName('event_id')
      .foreignKeyName('webhook_deliveries_event_id_fkey')
      .deleteRule('no action')
      .updateRule('no action'),
    endpointId: p.text(),
    status: p.enum(['pending', 'succeeded', 'failed'] as const).default('pending'),
    attempts: p.integer().default(0),
    // bumped by a redelivery, so its jobs get new ids
    generation: p.integer().default(0),
    nextAttemptAt: p.datetime().nullable().defaultRaw('now()'),
    enqueuedAttempt: p.integer().nullable(),
    // when an attempt was last handed to the queue
    enqueuedAt: p.datetime().nullable(),
    lastStatusCode: p.integer().nullable(),
    lastError: p.text().nullable(),
    completedAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ name: 'webhook_deliveries_event_id_endpoint_id_key', properties: ['eventId', 'endpointId'] }],
  indexes: [
    {
      name: 'webhook_deliveries_endpoint_idx',
      columns: [{ name: 'endpointId' }, { name: 'createdAt', sort: 'desc' }, { name: 'id', sort: 'desc' }],
    },
    { name: 'webhook_deliveries_due_idx', properties: ['nextAttemptAt'], where: { status: 'pending' } },
  ],
});

/** Every attempt of a delivery, kept. */
export const WebhookDeliveryAttempt = defineEntity({
  name: 'WebhookDeliveryAttempt',
  tableName: 'webhook_delivery_attempts',
  properties: {
    id: p.bigint('string').primary().autoincrement().generated('identity'),
    deliveryId: p
      .manyToOne(WebhookDelivery)
      .mapToPk()
      .fieldName('delivery_id')
      .foreignKeyName('webhook_delivery_attempts_delivery_id_fkey')
      .deleteRule('no action')
      .updateRule('no action'),
    attempt: p.integer(),
    startedAt: p.datetime(),
    durationMs: p.integer(),
    statusCode: p.integer().nullable(),
    error: p.text().nullable(),
    responseBody: p.text().nullable(),
    nextAttemptAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'webhook_delivery_attempts_delivery_idx', properties: ['deliveryId', 'id'] }],
});
