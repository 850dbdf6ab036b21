import type { AppRouter } from '@comptoir/trpc';
import type { QueryClient } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import type { Trpc } from '../../trpc/client.ts';
import { boardStatuses, type OpportunityStatus } from './statuses.ts';

export type OpportunityCard = inferRouterOutputs<AppRouter>['opportunities']['list']['data'][number];

/** The API's largest page: a column of a few hundred cards takes a few requests, batched in one. */
export const boardPageSize = 100;

/** What `opportunities.list` is asked for one page of one column (the loader and the board share it). */
export function columnPageInput(status: OpportunityStatus, page = 0) {
  return { status, limit: boardPageSize, offset: page * boardPageSize };
}

/** The pages after the first that columns of these totals have (in the board's column order). */
export function furtherPages(totals: readonly number[]): { status: OpportunityStatus; page: number }[] {
  return boardStatuses.flatMap((status, index) => {
    const pages = Math.ceil((totals[index] ?? 0) / boardPageSize);
    return Array.from({ length: Math.max(0, pages - 1) }, (_, page) => ({ status, page: page + 1 }));
  });
}

/** The route's loader: every column's first page, then the pages the longer columns need. */
export async function loadBoard(queryClient: QueryClient, trpc: Trpc): Promise<void> {
  const firsts = await Promise.all(
    boardStatuses.map((status) =>
      queryClient.ensureQueryData(trpc.opportunities.list.queryOptions(columnPageInput(status))),
    ),
  );
  await Promise.all(
    furtherPages(firsts.map((first) => first.pagination.total)).map(({ status, page }) =>
      queryClient.ensureQueryData(trpc.opportunities.list.queryOptions(columnPageInput(status, page))),
    ),
  );
}
