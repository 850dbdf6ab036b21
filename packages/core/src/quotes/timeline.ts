import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { EventView } from '../events/schemas.ts';
import { recordTimeline } from '../events/store.ts';
import { findQuote } from './store.ts';

/** What happened to a live quote, oldest first (at most 200 events). */
export async function quoteTimeline(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<EventView[]> {
  if (!(await findQuote(em, workspaceId, id))) throw notFound('Quote');
  return recordTimeline(em, workspaceId, { kind: 'quote', id });
}
