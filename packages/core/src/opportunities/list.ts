import type { EntityManager } from '@comptoir/db';
import type { ListPage } from '../paging/index.ts';
import type { OpportunityListQuery, OpportunityView } from './schemas.ts';
import { opportunityPage } from './store.ts';

/** The workspace's opportunities, newest first, optionally of one status. */
export async function listOpportunities(
  em: EntityManager,
  workspaceId: string,
  query: OpportunityListQuery,
): Promise<ListPage<OpportunityView>> {
  return opportunityPage(em, workspaceId, query);
}
