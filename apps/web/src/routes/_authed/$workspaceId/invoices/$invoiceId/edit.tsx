import { createFileRoute } from '@tanstack/react-router';
import { InvoiceDetailSkeleton } from '../../../../../components/invoices/detail/skeleton.tsx';
import { InvoiceEditScreen } from '../../../../../components/invoices/form/invoice-edit-screen.tsx';
import { ensureFound } from '../../../../../trpc/ensure-found.ts';

export const Route = createFileRoute('/_authed/$workspaceId/invoices/$invoiceId/edit')({
  loader: ({ context, params }) =>
    ensureFound(
      context.queryClient.ensureQueryData(context.trpc.invoices.get.queryOptions({ id: params.invoiceId })),
    ),
  pendingComponent: InvoiceDetailSkeleton,
  pendingMs: 200,
  component: EditInvoiceRoute,
});

function EditInvoiceRoute() {
  const { invoiceId } = Route.useParams();
  return <InvoiceEditScreen invoiceId={invoiceId} />;
}
