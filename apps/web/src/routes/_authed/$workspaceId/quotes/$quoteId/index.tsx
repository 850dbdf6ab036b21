import { createFileRoute, notFound } from '@tanstack/react-router';
import { QuoteDetailScreen } from '../../../../../components/quotes/quote-detail-screen.tsx';
import { QuoteDetailSkeleton } from '../../../../../components/quotes/skeleton.tsx';
import { httpStatusOf } from '../../../../../trpc/client.ts';

export const Route = createFileRoute('/_authed/$workspaceId/quotes/$quoteId/')({
  loader: async ({ context, params }) => {
    try {
      const id = params.quoteId;
      await Promise.all([
        context.queryClient.ensureQueryData(context.trpc.quotes.get.queryOptions({ id })),
        context.queryClient.ensureQueryData(context.trpc.quotes.timeline.queryOptions({ id })),
      ]);
    } catch (error) {
      // An unknown id, a deleted draft or another workspace's quote: this page does not exist.
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: QuoteDetailSkeleton,
  pendingMs: 200,
  component: QuoteDetailRoute,
});

function QuoteDetailRoute() {
  const { workspaceId, quoteId } = Route.useParams();
  return <QuoteDetailScreen workspaceId={workspaceId} quoteId={quoteId} />;
}
