import { Trans, useLingui } from '@lingui/react/macro';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { trpc } from '../../trpc/client.ts';
import { Dialog } from '../ui/dialog.tsx';
import { useDiscardGuard } from '../ui/discard-guard.tsx';
import { ArchiveAction } from './archive-action.tsx';
import { CreateProductForm } from './create-product-form.tsx';
import { EditProductForm } from './edit-product-form.tsx';

/**
 * The side sheet that creates a product (`creating`) or edits one (`productId`), driven by the
 * URL: a link opens it, Back closes it. While a save runs it cannot be dismissed; closing it with
 * changes typed asks first (the question is the sheet's sibling, not inside it).
 */
export function ProductSheet({
  creating,
  productId,
  onClose,
  onProductPage = false,
}: {
  creating: boolean;
  productId: string | undefined;
  onClose: () => void;
  /** Opened from the product's own page: no link to it, and archiving is on the page. */
  onProductPage?: boolean;
}) {
  const saving =
    useIsMutating({ mutationKey: trpc.products.create.mutationKey() }) +
      useIsMutating({ mutationKey: trpc.products.update.mutationKey() }) >
    0;
  const { setDirty, requestClose, leave, guard } = useDiscardGuard(
    onClose,
    creating ? 'new' : (productId ?? ''),
  );
  return (
    <>
      <Dialog
        open={creating || productId !== undefined}
        onClose={requestClose}
        size="sheet"
        busy={saving}
        title={creating ? <Trans>Nouveau produit</Trans> : <Trans>Modifier le produit</Trans>}
      >
        {creating ? (
          <CreateProductForm onDone={leave} onCancel={requestClose} onDirty={setDirty} />
        ) : (
          productId !== undefined && (
            <EditProduct
              key={productId}
              id={productId}
              onDone={leave}
              onCancel={requestClose}
              onDirty={setDirty}
              onProductPage={onProductPage}
            />
          )
        )}
      </Dialog>
      {guard}
    </>
  );
}

function EditProduct({
  id,
  onDone,
  onCancel,
  onDirty,
  onProductPage,
}: {
  id: string;
  onDone: () => void;
  onCancel: () => void;
  onDirty: (dirty: boolean) => void;
  onProductPage: boolean;
}) {
  const { t } = useLingui();
  const errorMessage = useErrorMessage();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const product = useQuery(trpc.products.get.queryOptions({ id }));
  if (product.isPending) {
    return (
      <p role="status" className="text-slate-700">
        {t`Chargement du produit…`}
      </p>
    );
  }
  if (product.isError) {
    return (
      <p role="alert" className="font-medium text-red-800">
        {errorMessage(product.error)}
      </p>
    );
  }
  const view = product.data.data;
  return (
    <div className="flex flex-col gap-6">
      {!onProductPage && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to="/$workspaceId/products/$productId"
            params={{ workspaceId, productId: id }}
            className="text-brand-800 underline underline-offset-2"
          >
            <Trans>Voir la fiche et l’historique du stock</Trans>
          </Link>
          <ArchiveAction product={view} />
        </div>
      )}
      {view.archivedAt !== null && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-amber-900">
          <Trans>
            Ce produit est archivé : il n’apparaît plus dans les listes et son stock ne peut plus changer.
          </Trans>
        </p>
      )}
      <EditProductForm product={view} onDone={onDone} onCancel={onCancel} onDirty={onDirty} />
    </div>
  );
}
