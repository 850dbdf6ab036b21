import { useQueries, useSuspenseQueries } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';
import { columnPageInput, furtherPages, type OpportunityCard } from './board-input.ts';
import { boardStatuses, type OpportunityStatus } from './statuses.ts';

export interface BoardColumn {
  status: OpportunityStatus;
  cards: OpportunityCard[];
  /** How many the server counts in the column. */
  total: number;
  /** Whether a further page is still on its way (its cards, and their amounts, not shown yet). */
  loading: boolean;
}

/**
 * Every card of the board, column by column: each column's first page, then the further pages
 * of the columns that have more (the route's loader fetched both). A further page that appears
 * later (a column that grew) loads without suspending the board.
 */
export function useBoardColumns(): BoardColumn[] {
  const firstPages = useSuspenseQueries({
    queries: boardStatuses.map((status) => trpc.opportunities.list.queryOptions(columnPageInput(status))),
  });
  const further = furtherPages(firstPages.map((first) => first.data.pagination.total));
  const morePages = useQueries({
    queries: further.map(({ status, page }) =>
      trpc.opportunities.list.queryOptions(columnPageInput(status, page)),
    ),
  });
  return boardStatuses.map((status, index) => {
    const first = firstPages[index]?.data;
    const rest = further.flatMap((wanted, at) => (wanted.status === status ? [morePages[at]] : []));
    const seen = new Set<string>();
    // A card moved while pages were fetched may show on two of them: once is enough.
    const cards = [...(first?.data ?? []), ...rest.flatMap((page) => page?.data?.data ?? [])].filter(
      (card) => !seen.has(card.id) && seen.add(card.id),
    );
    return {
      status,
      cards,
      total: first?.pagination.total ?? cards.length,
      loading: rest.some((page) => page?.data === undefined),
    };
  });
}
