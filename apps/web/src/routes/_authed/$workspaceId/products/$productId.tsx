import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { ledgerInput } from '../../../../components/products/ledger-input.ts';
import { ProductPage } from '../../../../components/products/product-page.tsx';
import { ProductSkeleton } from '../../../../components/products/skeleton.tsx';
import { ensureFound } from '../../../../trpc/ensure-found.ts';

/** The ledger's page and the open dialog live in the URL. */
const productSearch = z.object({
  page: z.number().int().min(1).optional().catch(undefined),
  adjust: z.literal(true).optional().catch(undefined),
  edit: z.literal(true).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/$workspaceId/products/$productId')({
  validateSearch: productSearch,
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  // A product of another workspace, or none: the 404 page, as for any unknown address.
  loader: ({ context, params, deps }) =>
    ensureFound(
      Promise.all([
        context.queryClient.ensureQueryData(context.trpc.products.get.queryOptions({ id: params.productId })),
        context.queryClient.ensureQueryData(
          context.trpc.stockMovements.list.queryOptions(ledgerInput(params.productId, deps.page)),
        ),
      ]),
    ),
  pendingComponent: ProductSkeleton,
  pendingMs: 200,
  component: ProductRoute,
});

function ProductRoute() {
  const { productId } = Route.useParams();
  return <ProductPage productId={productId} search={Route.useSearch()} />;
}
