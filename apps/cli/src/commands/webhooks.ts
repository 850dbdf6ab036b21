import { readWebhookTargetsConfig } from '@comptoir/config';
import {
  allEvents,
  createEndpoint,
  deleteEndpoint,
  type EndpointCreate,
  type EndpointView,
  eventTypes,
  getWorkspace,
  listEndpoints,
  redeliverEvent,
} from '@comptoir/core';
import { withOrm } from '../database.ts';
import { requiredKeyring } from '../keyring.ts';
import { CliError, type Flags, type Output, required } from '../output.ts';

/** Every endpoint of a workspace fits one page for an operator's listing. */
const listLimit = 100;

type EventFilter = NonNullable<EndpointCreate['events']>;
const knownFilters: readonly string[] = [allEvents, ...eventTypes];
const isKnownFilter = (type: string): type is EventFilter[number] => knownFilters.includes(type);

function eventFilter(flag: string | boolean | undefined): EventFilter | undefined {
  if (typeof flag !== 'string') return undefined;
  const events = flag
    .split(',')
    .map((type) => type.trim())
    .filter(Boolean);
  const unknown = events.filter((type) => !isKnownFilter(type));
  if (events.length === 0 || unknown.length > 0) {
    throw new CliError(
      `unknown event type(s): ${unknown.join(', ') || '(none given)'}. Types: ${knownFilters.join(', ')}`,
    );
  }
  return events.filter(isKnownFilter);
}

function describeEndpoint(endpoint: EndpointView): string {
  const status =
    endpoint.status === 'enabled' ? 'enabled' : `disabled (${endpoint.disabledReason ?? 'manual'})`;
  return `${endpoint.id}  ${status}  ${endpoint.url}  ${endpoint.events.join(',')}${endpoint.description ? `  (${endpoint.description})` : ''}`;
}

export async function webhookAdd(out: Output, flags: Flags) {
  const workspaceId = required(flags, 'workspace');
  const url = required(flags, 'url');
  const events = eventFilter(flags.events);
  const keyring = requiredKeyring('webhook add (the signing secret is stored encrypted)');
  const endpoint = await withOrm(async (orm) => {
    await getWorkspace(orm.em.fork(), workspaceId);
    return createEndpoint(
      orm.em.fork(),
      workspaceId,
      {
        url,
        ...(events ? { events } : {}),
        ...(typeof flags.description === 'string' ? { description: flags.description } : {}),
      },
      keyring,
      readWebhookTargetsConfig(),
    );
  });
  const { id, events: subscribed, secret } = endpoint;
  out.result({ id, url: endpoint.url, events: subscribed, secret }, () => [
    `Added webhook endpoint ${id} for ${endpoint.url} (events: ${subscribed.join(', ')})`,
    '',
    `  ${secret}`,
    '',
    'Copy the signing secret now: it is shown only once.',
  ]);
}

export async function webhookList(out: Output, flags: Flags) {
  const workspaceId = required(flags, 'workspace');
  const { items: endpoints, total } = await withOrm(async (orm) => {
    await getWorkspace(orm.em.fork(), workspaceId);
    return listEndpoints(orm.em.fork(), workspaceId, { limit: listLimit, offset: 0 });
  });
  out.result({ endpoints, total }, () => [
    ...(endpoints.length === 0 ? ['No webhook endpoints.'] : endpoints.map(describeEndpoint)),
    ...(total > endpoints.length
      ? [`… and ${total - endpoints.length} more (use the API to page through them)`]
      : []),
  ]);
}

export async function webhookRemove(out: Output, endpointId: string | undefined, flags: Flags) {
  if (!endpointId) throw new CliError('usage: webhook remove ENDPOINT_ID --workspace W');
  const workspaceId = required(flags, 'workspace');
  await withOrm((orm) => deleteEndpoint(orm.em.fork(), workspaceId, endpointId));
  out.result({ id: endpointId, removed: true }, () => [
    `Removed webhook endpoint ${endpointId}: it receives nothing more; its delivery log stays.`,
  ]);
}

export async function webhookRedeliver(out: Output, eventId: string | undefined, flags: Flags) {
  if (!eventId)
    throw new CliError('usage: webhook redeliver EVENT_ID --workspace W [--endpoint ENDPOINT_ID]');
  const workspaceId = required(flags, 'workspace');
  const endpointId = typeof flags.endpoint === 'string' ? flags.endpoint : undefined;
  const { deliveries } = await withOrm((orm) =>
    redeliverEvent(orm.em.fork(), workspaceId, eventId, endpointId),
  );
  out.result({ eventId, deliveries }, () =>
    deliveries.length === 0
      ? [`Event ${eventId}: no enabled endpoint is subscribed to it; nothing to deliver.`]
      : deliveries.map(
          (delivery) => `Event ${eventId} queued again for ${delivery.endpointId} (delivery ${delivery.id})`,
        ),
  );
}
