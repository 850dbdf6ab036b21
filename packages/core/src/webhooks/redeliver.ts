import type { EntityManager } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { getEvent } from '../events/get.ts';
import { insertRedeliveries } from './delivery-store.ts';
import { findEndpoint } from './store.ts';

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
    const endpoint = await findEndpoint(em, workspaceId, endpointId);
    if (!endpoint) throw new AppError('webhook_endpoint_not_found', 'Webhook endpoint not found');
    if (endpoint.status !== 'enabled') {
      throw new AppError('webhook_endpoint_disabled', 'This endpoint is disabled: enable it first');
    }
  }
  const deliveries = await insertRedeliveries(em, event.id, endpointId);
  if (endpointId !== undefined && deliveries.length === 0) {
    throw new AppError(
      'webhook_endpoint_not_subscribed',
      `This endpoint is not subscribed to ${event.type}: add it to the endpoint's events first`,
    );
  }
  return { deliveries };
}
