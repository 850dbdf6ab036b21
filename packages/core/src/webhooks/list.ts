import type { EntityManager } from '@comptoir/db';
import type { ListPage, Page } from '../paging/index.ts';
import type { EndpointView } from './schemas.ts';
import { selectEndpointPage } from './store.ts';

/** The workspace's endpoints, newest first (deleted ones are gone). */
export function listEndpoints(
  em: EntityManager,
  workspaceId: string,
  page: Page,
): Promise<ListPage<EndpointView>> {
  return selectEndpointPage(em, workspaceId, page);
}
