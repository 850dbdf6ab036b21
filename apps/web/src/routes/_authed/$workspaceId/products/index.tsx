import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { productsListInput, trackingSchema } from '../../../../components/products/list-input.ts';
import { ProductsScreen } from '../../../../components/products/products-screen.tsx';
import { ProductsSkeleton } from '../../../../components/products/skeleton.tsx';
import { searchTextParam } from '../../../../components/ui/search-params.ts';

/** The list's state lives in the URL (search, filter, page), and so does the open sheet. */
const productsSearch = z.object({
  q: searchTextParam,
  tracking: trackingSchema.optional().catch(undefined),
  page: z.number().int().min(1).optional().catch(undefined),
  sheet: z.literal('new').optional().catch(undefined),
  product: z.string().min(1).max(64).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/$workspaceId/products/')({
  validateSearch: productsSearch,
  // Opening or closing a sheet does not load the list again: only what the list shows does.
  loaderDeps: ({ search }) => ({ q: search.q, tracking: search.tracking, page: search.page }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(context.trpc.products.list.queryOptions(productsListInput(deps))),
  pendingComponent: ProductsSkeleton,
  pendingMs: 200,
  component: ProductsRoute,
});

function ProductsRoute() {
  return <ProductsScreen search={Route.useSearch()} />;
}
