import { createFileRoute, notFound } from '@tanstack/react-router';
import { InvoiceDetailScreen } from '../../../../../components/invoices/detail/invoice-detail-screen.tsx';
import { InvoiceDetailSkeleton } from '../../../../../components/invoices/detail/skeleton.tsx';
import { httpStatusOf } from '../../../../../trpc/client.ts';

export const Route = createFileRoute('/_authed/$workspaceId/invoices/$invoiceId/')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(
        context.trpc.invoices.get.queryOptions({ id: params.invoiceId }),
      );
    } catch (error) {
      // Another workspace's invoice, or none: not found here, as the API says.
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: InvoiceDetailSkeleton,
  pendingMs: 200,
  component: InvoiceDetailRoute,
});

function InvoiceDetailRoute() {
  const { invoiceId } = Route.useParams();
  return <InvoiceDetailScreen invoiceId={invoiceId} />;
}
