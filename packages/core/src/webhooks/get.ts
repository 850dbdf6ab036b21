import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { EndpointView } from './schemas.ts';
import { findEndpoint } from './store.ts';

export async function getEndpoint(em: EntityManager, workspaceId: string, id: string): Promise<EndpointView> {
  const endpoint = await findEndpoint(em, workspaceId, id);
  if (!endpoint) throw notFound('Webhook endpoint');
  return endpoint;
}
