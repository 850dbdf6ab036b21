import { createFileRoute } from '@tanstack/react-router';
import { EditQuoteScreen } from '../../../../../components/quotes/edit-quote-screen.tsx';
import { QuoteDetailSkeleton } from '../../../../../components/quotes/skeleton.tsx';
import { ensureFound } from '../../../../../trpc/ensure-found.ts';

export const Route = createFileRoute('/_authed/$workspaceId/quotes/$quoteId/edit')({
  loader: ({ context, params }) =>
    ensureFound(
      context.queryClient.ensureQueryData(context.trpc.quotes.get.queryOptions({ id: params.quoteId })),
    ),
  pendingComponent: QuoteDetailSkeleton,
  pendingMs: 200,
  component: EditQuoteRoute,
});

function EditQuoteRoute() {
  const { workspaceId, quoteId } = Route.useParams();
  return <EditQuoteScreen workspaceId={workspaceId} quoteId={quoteId} />;
}
