import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { formatDay } from '../../format.ts';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { AdjustForm } from './adjust-form.tsx';
import { ArchiveAction } from './archive-action.tsx';
import { Ledger } from './ledger.tsx';
import { ProductDetails } from './product-details.tsx';
import { ProductSheet } from './product-sheet.tsx';
import { StockPanel } from './stock-panel.tsx';

export interface ProductPageSearch {
  /** The ledger's page. */
  page?: number | undefined;
  /** The stock adjustment dialog is open. */
  adjust?: true | undefined;
  /** The edit sheet is open. */
  edit?: true | undefined;
}

/** One product: its fields, its stock (with the count dialog) and its ledger. */
export function ProductPage({ productId, search }: { productId: string; search: ProductPageSearch }) {
  const { t } = useLingui();
  const canWrite = useCan('write:products');
  const navigate = useNavigate();
  const { data } = useSuspenseQuery(trpc.products.get.queryOptions({ id: productId }));
  const product = data.data;
  const name = product.name;
  const close = () =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, adjust: undefined, edit: undefined }),
    });
  const archivedOn = product.archivedAt === null ? null : formatDay(product.archivedAt);
  return (
    <div className="flex flex-col gap-6">
      <Link
        from="/$workspaceId/products/$productId"
        to=".."
        className="self-start text-brand-800 underline underline-offset-2"
      >
        <Trans>← Produits</Trans>
      </Link>
      <PageHeader
        title={name}
        documentTitle={t`${name} · Produits · Comptoir`}
        actions={
          canWrite && (
            <>
              <ArchiveAction product={product} />
              <Button
                variant="secondary"
                onClick={() =>
                  void navigate({
                    to: '.',
                    search: (previous: Record<string, unknown>) => ({ ...previous, edit: true as const }),
                  })
                }
              >
                <Trans>Modifier</Trans>
              </Button>
            </>
          )
        }
      />
      {archivedOn !== null && (
        <p className="rounded-md bg-amber-50 px-4 py-3 text-amber-900">
          <Trans>
            Archivé le {archivedOn} : ce produit n’apparaît plus dans les listes et son stock ne peut plus
            changer. Restaurez-le pour le remettre en service.
          </Trans>
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <ProductDetails product={product} />
        <StockPanel product={product} />
      </div>
      <Ledger productId={productId} page={search.page ?? 1} />
      {canWrite && (
        <>
          <Dialog
            open={search.adjust === true && product.stockQuantity !== null && product.archivedAt === null}
            onClose={close}
            title={<Trans>Ajuster le stock de « {name} »</Trans>}
            description={<Trans>Après un inventaire, une casse ou une livraison hors fichier.</Trans>}
          >
            <AdjustForm product={product} onDone={close} />
          </Dialog>
          <ProductSheet
            creating={false}
            productId={search.edit ? productId : undefined}
            onClose={close}
            onProductPage
          />
        </>
      )}
    </div>
  );
}
