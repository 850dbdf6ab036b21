import { createFileRoute } from '@tanstack/react-router';
import { InvoiceDetailScreen } from '../../../../../components/invoices/detail/invoice-detail-screen.tsx';
import { InvoiceDetailSkeleton } from '../../../../../components/invoices/detail/skeleton.tsx';
import { ensureFound } from '../../../../../trpc/ensure-found.ts';

export const Route = createFileRoute('/_authed/$workspaceId/invoices/$invoiceId/')({
  loader: ({ context, params }) =>
    ensureFound(
      context.queryClient.ensureQueryData(context.trpc.invoices.get.queryOptions({ id: params.invoiceId })),
    ),
  pendingComponent: InvoiceDetailSkeleton,
  pendingMs: 200,
  component: InvoiceDetailRoute,
});

function InvoiceDetailRoute() {
  const { invoiceId } = Route.useParams();
  return <InvoiceDetailScreen invoiceId={invoiceId} />;
}
