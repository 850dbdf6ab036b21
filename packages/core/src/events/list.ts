import type { EntityManager } from '@comptoir/db';
import type { ListPage, Page } from '../paging/index.ts';
import type { EventType, EventView } from './schemas.ts';
import { selectEventPage } from './store.ts';

/** A workspace's events, newest first (GET /events). */
export function listEvents(
  em: EntityManager,
  workspaceId: string,
  query: Page & { type?: EventType | undefined },
): Promise<ListPage<EventView>> {
  return selectEventPage(em, workspaceId, query);
}
