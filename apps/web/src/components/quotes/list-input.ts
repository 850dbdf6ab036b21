import type { QuoteStatus } from './status-labels.ts';

export const quotesPageSize = 20;

/** What the list's URL holds: the status filter, the search and the page. */
export interface QuotesListSearch {
  status?: QuoteStatus | undefined;
  q?: string | undefined;
  page?: number | undefined;
}

/** What `quotes.list` is asked for one page of the list, as the route's loader and the screen share it. */
export function quotesListInput(search: QuotesListSearch) {
  const page = search.page ?? 1;
  return {
    ...(search.status === undefined ? {} : { status: search.status }),
    ...(search.q === undefined ? {} : { q: search.q }),
    limit: quotesPageSize,
    offset: (page - 1) * quotesPageSize,
  };
}
