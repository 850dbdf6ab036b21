import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';

/** The options of each widget's query: the route prefetches them, each widget reads its own. */
export const dashboardQueries = {
  receivables: () => trpc.dashboard.receivables.queryOptions(),
  quotesAwaiting: () => trpc.dashboard.quotesAwaiting.queryOptions(),
  followUps: () => trpc.dashboard.followUps.queryOptions(),
  lowStock: () => trpc.dashboard.lowStock.queryOptions(),
};

/**
 * After a change to invoices, quotes, opportunities or stock: the dashboard's figures are read
 * again when next shown.
 */
export function invalidateDashboard(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries(trpc.dashboard.pathFilter());
}
