import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';
import type { OpportunityCard } from './board-input.ts';
import type { OpportunityStatus } from './statuses.ts';

type ListAnswer = {
  data: OpportunityCard[];
  pagination: { total: number; limit: number; offset: number };
};

/** What every cached list and read of opportunities holds, to put back if a move is refused. */
export type OpportunitiesSnapshot = [QueryKey, unknown][];

export function snapshotOpportunities(queryClient: QueryClient): OpportunitiesSnapshot {
  return queryClient.getQueriesData(trpc.opportunities.pathFilter());
}

export function restoreOpportunities(queryClient: QueryClient, snapshot: OpportunitiesSnapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

/** The input a cached list was asked with (tRPC keys are `[path, { input, type }]`). */
function listInputOf(key: QueryKey): { status?: OpportunityStatus; offset?: number } {
  const meta = key[1];
  if (typeof meta !== 'object' || meta === null || !('input' in meta)) return {};
  return (meta.input ?? {}) as { status?: OpportunityStatus; offset?: number };
}

/** The card as the cached lists show it now. */
export function cachedCard(queryClient: QueryClient, id: string): OpportunityCard | undefined {
  for (const [, answer] of queryClient.getQueriesData<ListAnswer>(trpc.opportunities.list.pathFilter())) {
    const card = answer?.data.find((other) => other.id === id);
    if (card !== undefined) return card;
  }
  return undefined;
}

const newestFirst = (a: OpportunityCard, b: OpportunityCard) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * Shows `card` in `status` at once, as the server will once it agrees: out of its column's
 * pages, into the first page of the other column (in the server's order, newest first), the
 * totals following; an unfiltered list only sees its status change.
 */
export function moveInCache(
  queryClient: QueryClient,
  card: OpportunityCard,
  status: OpportunityStatus,
): void {
  const moved: OpportunityCard = { ...card, status };
  for (const [key, answer] of queryClient.getQueriesData<ListAnswer>(trpc.opportunities.list.pathFilter())) {
    if (answer === undefined) continue;
    const input = listInputOf(key);
    const holds = answer.data.some((other) => other.id === card.id);
    let next = answer;
    if (input.status === undefined) {
      if (holds)
        next = { ...answer, data: answer.data.map((other) => (other.id === card.id ? moved : other)) };
    } else if (input.status === card.status && holds) {
      next = {
        data: answer.data.filter((other) => other.id !== card.id),
        pagination: { ...answer.pagination, total: answer.pagination.total - 1 },
      };
    } else if (input.status === status && (input.offset ?? 0) === 0 && !holds) {
      next = {
        data: [...answer.data, moved].sort(newestFirst),
        pagination: { ...answer.pagination, total: answer.pagination.total + 1 },
      };
    }
    if (next !== answer) queryClient.setQueryData(key, next);
  }
  queryClient.setQueryData(trpc.opportunities.get.queryKey({ id: card.id }), (detail) =>
    detail === undefined ? detail : { data: { ...detail.data, status } },
  );
}
