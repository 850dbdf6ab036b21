import type { AppRouter } from '@comptoir/trpc';
import { queryOptions } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { httpStatusOf, trpcClient } from '../trpc/client.ts';

export type Me = inferRouterOutputs<AppRouter>['me']['get']['data'];
export type Membership = Me['memberships'][number];

/** Who is signed in, and in which workspaces; null when nobody is (me.get answers 401). */
async function fetchMe(): Promise<Me | null> {
  try {
    return (await trpcClient.me.get.query()).data;
  } catch (error) {
    if (httpStatusOf(error) === 401) return null;
    throw error;
  }
}

// A key of its own, not tRPC's: switching workspace forgets every tRPC answer but this one.
export const meQuery = queryOptions({ queryKey: ['session', 'me'], queryFn: fetchMe, staleTime: 60_000 });
