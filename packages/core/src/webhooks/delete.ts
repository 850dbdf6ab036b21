import { type EntityManager, isIdOf } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { deleteEndpointRow } from './store.ts';

/** Deletes an endpoint: it receives nothing more; its delivery log stays. */
export async function deleteEndpoint(em: EntityManager, workspaceId: string, id: string): Promise<void> {
  if (!isIdOf('webhookEndpoint', id)) throw notFound('Webhook endpoint');
  if (!(await deleteEndpointRow(em, workspaceId, id))) throw notFound('Webhook endpoint');
}
