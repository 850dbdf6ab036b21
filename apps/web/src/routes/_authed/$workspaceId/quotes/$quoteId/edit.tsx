import { createFileRoute, notFound } from '@tanstack/react-router';
import { EditQuoteScreen } from '../../../../../components/quotes/edit-quote-screen.tsx';
import { QuoteDetailSkeleton } from '../../../../../components/quotes/skeleton.tsx';
import { httpStatusOf } from '../../../../../trpc/client.ts';

export const Route = createFileRoute('/_authed/$workspaceId/quotes/$quoteId/edit')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(context.trpc.quotes.get.queryOptions({ id: params.quoteId }));
    } catch (error) {
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: QuoteDetailSkeleton,
  pendingMs: 200,
  component: EditQuoteRoute,
});

function EditQuoteRoute() {
  const { workspaceId, quoteId } = Route.useParams();
  return <EditQuoteScreen workspaceId={workspaceId} quoteId={quoteId} />;
}
