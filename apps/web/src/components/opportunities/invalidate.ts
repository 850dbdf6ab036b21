import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';

/** After a change to an opportunity: every list and read of opportunities is asked again. */
export function invalidateOpportunities(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries(trpc.opportunities.pathFilter());
}
