import { type EntityManager, isIdOf } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { EventView } from './schemas.ts';
import { findEvent } from './store.ts';

/** One event of the workspace, as its webhooks carried it. */
export async function getEvent(em: EntityManager, workspaceId: string, id: string): Promise<EventView> {
  if (!isIdOf('event', id)) throw notFound('Event');
  const event = await findEvent(em, workspaceId, id);
  if (!event) throw notFound('Event');
  return event;
}
