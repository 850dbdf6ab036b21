import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, newestFirst } from './columns.ts';
import { workspaceId } from './workspaces.ts';

/**
 * The outbox: every change that emits an event inserts its row in its own transaction.
 * Also in the database, not expressible here (see database-only.ts): the trigger that wakes the
 * relay (NOTIFY comptoir_events) when an insert commits, and the timeline's partial expression
 * indexes on data->>'id' (and data->>'creditedInvoiceId') of the documents' events.
 */
export const DomainEvent = defineEntity({
  name: 'DomainEvent',
  tableName: 'events',
  properties: {
    id: id(),
    workspaceId: workspaceId('events'),
    type: p.text(),
    data: p.json<Record<string, unknown>>(),
    // who made the change: an API key (`key_…`) or a signed-in user (`usr_…`); null for the
    // service's own changes (the worker's sweeps, the platform's reports, the CLI)
    actorKind: p.enum(['key', 'user'] as const).nullable(),
    actorId: p.text().nullable(),
    createdAt: createdAt(),
    publishedAt: p.datetime().nullable(),
  },
  checks: [{ name: 'events_actor_check', expression: '(actor_kind is null) = (actor_id is null)' }],
  indexes: [
    // what the relay claims, oldest first
    { name: 'events_unpublished_idx', properties: ['createdAt', 'id'], where: { publishedAt: null } },
    newestFirst('events_workspace_idx'),
  ],
});
