import type { EntityManager } from '@comptoir/db';
import type { ListPage, Page } from '../paging/index.ts';
import { getEndpoint } from './get.ts';
import type { DeliveryAttemptView } from './schemas.ts';
import { selectDeliveryAttemptPage } from './store.ts';

/** Every attempt to deliver to an endpoint, newest first (its delivery log). */
export async function listDeliveryAttempts(
  em: EntityManager,
  workspaceId: string,
  endpointId: string,
  page: Page,
): Promise<ListPage<DeliveryAttemptView>> {
  await getEndpoint(em, workspaceId, endpointId);
  return selectDeliveryAttemptPage(em, workspaceId, endpointId, page);
}
