import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';
import { invalidateDashboard } from '../dashboard/queries.ts';

/**
 * After a change to an opportunity: every list and read of opportunities is asked again, and
 * the dashboard's follow-ups are marked stale.
 */
export async function invalidateOpportunities(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries(trpc.opportunities.pathFilter()),
    invalidateDashboard(queryClient),
  ]);
}
