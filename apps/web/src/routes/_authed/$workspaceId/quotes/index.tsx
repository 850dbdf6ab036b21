import { quoteStatusSchema } from '@comptoir/core/schemas';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { quotesListInput } from '../../../../components/quotes/list-input.ts';
import { QuotesScreen } from '../../../../components/quotes/quotes-screen.tsx';
import { QuotesSkeleton } from '../../../../components/quotes/skeleton.tsx';
import { searchTextParam } from '../../../../components/ui/search-params.ts';

/** The list's state lives in the URL: a filtered page can be bookmarked, shared and reloaded. */
const quotesSearch = z.object({
  status: quoteStatusSchema.optional().catch(undefined),
  q: searchTextParam,
  page: z.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/$workspaceId/quotes/')({
  validateSearch: quotesSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(context.trpc.quotes.list.queryOptions(quotesListInput(deps))),
  pendingComponent: QuotesSkeleton,
  pendingMs: 200,
  component: QuotesRoute,
});

function QuotesRoute() {
  return <QuotesScreen search={Route.useSearch()} />;
}
