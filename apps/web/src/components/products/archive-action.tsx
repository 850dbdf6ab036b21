import type { ProductView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { trpc } from '../../trpc/client.ts';
import { Button } from '../ui/button.tsx';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { useToast } from '../ui/toast.tsx';
import { useInvalidateProducts } from './invalidate.ts';

/**
 * Archive a live product, or restore an archived one, after a confirmation. An archived product
 * leaves the lists and searches and refuses stock changes; its page and history stay.
 */
export function ArchiveAction({ product }: { product: ProductView }) {
  const { t } = useLingui();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateProducts();
  const [asking, setAsking] = useState(false);
  const archived = product.archivedAt !== null;
  const name = product.name;
  const options = {
    onSuccess: async () => {
      await invalidate();
      setAsking(false);
      toast(archived ? t`Produit « ${name} » restauré` : t`Produit « ${name} » archivé`);
    },
    onError: (error: unknown) => {
      setAsking(false);
      toast(errorMessage(error), 'error');
    },
  };
  const archive = useMutation(trpc.products.archive.mutationOptions(options));
  const restore = useMutation(trpc.products.restore.mutationOptions(options));
  const pending = archive.isPending || restore.isPending;
  return (
    <>
      <Button variant={archived ? 'secondary' : 'danger'} onClick={() => setAsking(true)}>
        {archived ? <Trans>Restaurer</Trans> : <Trans>Archiver</Trans>}
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={archived ? <Trans>Restaurer « {name} » ?</Trans> : <Trans>Archiver « {name} » ?</Trans>}
        description={
          archived ? (
            <Trans>
              Le produit revient dans les listes et les recherches, et son stock peut de nouveau changer.
            </Trans>
          ) : (
            <Trans>
              Le produit quitte les listes et les recherches, et son stock ne peut plus changer. Sa fiche et
              son historique restent, et vous pourrez le restaurer depuis sa fiche.
            </Trans>
          )
        }
        confirmLabel={archived ? <Trans>Restaurer</Trans> : <Trans>Archiver</Trans>}
        variant={archived ? 'primary' : 'danger'}
        pending={pending}
        onConfirm={() => (archived ? restore : archive).mutate({ id: product.id })}
      />
    </>
  );
}
