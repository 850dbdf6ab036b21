import { createFileRoute, notFound } from '@tanstack/react-router';
import { InvoiceDetailSkeleton } from '../../../../../components/invoices/detail/skeleton.tsx';
import { InvoiceEditScreen } from '../../../../../components/invoices/form/invoice-edit-screen.tsx';
import { httpStatusOf } from '../../../../../trpc/client.ts';

export const Route = createFileRoute('/_authed/$workspaceId/invoices/$invoiceId/edit')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(
        context.trpc.invoices.get.queryOptions({ id: params.invoiceId }),
      );
    } catch (error) {
      if (httpStatusOf(error) === 404) throw notFound();
      throw error;
    }
  },
  pendingComponent: InvoiceDetailSkeleton,
  pendingMs: 200,
  component: EditInvoiceRoute,
});

function EditInvoiceRoute() {
  const { invoiceId } = Route.useParams();
  return <InvoiceEditScreen invoiceId={invoiceId} />;
}
