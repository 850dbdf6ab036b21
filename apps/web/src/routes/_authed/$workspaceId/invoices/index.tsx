import { invoiceStatusSchema } from '@comptoir/core/schemas';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { InvoicesScreen } from '../../../../components/invoices/invoices-screen.tsx';
import { invoicesListInput } from '../../../../components/invoices/list-input.ts';
import { InvoicesSkeleton } from '../../../../components/invoices/skeleton.tsx';
import { searchTextParam } from '../../../../components/ui/search-params.ts';

/** The list's state lives in the URL: a filtered page can be bookmarked, shared and reloaded. */
const invoicesSearch = z.object({
  status: invoiceStatusSchema.optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
  q: searchTextParam,
});

export const Route = createFileRoute('/_authed/$workspaceId/invoices/')({
  validateSearch: invoicesSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      context.trpc.invoices.list.queryOptions(invoicesListInput(deps.status, deps.page ?? 1, deps.q)),
    ),
  pendingComponent: InvoicesSkeleton,
  pendingMs: 200,
  component: InvoicesRoute,
});

function InvoicesRoute() {
  const search = Route.useSearch();
  return <InvoicesScreen status={search.status} page={search.page ?? 1} q={search.q} />;
}
