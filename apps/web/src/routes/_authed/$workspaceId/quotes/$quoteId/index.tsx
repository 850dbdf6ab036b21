import { createFileRoute } from '@tanstack/react-router';
import { QuoteDetailScreen } from '../../../../../components/quotes/quote-detail-screen.tsx';
import { QuoteDetailSkeleton } from '../../../../../components/quotes/skeleton.tsx';
import { ensureFound } from '../../../../../trpc/ensure-found.ts';

export const Route = createFileRoute('/_authed/$workspaceId/quotes/$quoteId/')({
  loader: ({ context, params }) => {
    const id = params.quoteId;
    return ensureFound(
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.quotes.get.queryOptions({ id })),
        context.queryClient.ensureQueryData(context.trpc.quotes.timeline.queryOptions({ id })),
      ]),
    );
  },
  pendingComponent: QuoteDetailSkeleton,
  pendingMs: 200,
  component: QuoteDetailRoute,
});

function QuoteDetailRoute() {
  const { workspaceId, quoteId } = Route.useParams();
  return <QuoteDetailScreen workspaceId={workspaceId} quoteId={quoteId} />;
}
