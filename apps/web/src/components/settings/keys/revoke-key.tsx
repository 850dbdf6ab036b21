import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useInvalidateKeys } from '../invalidate.ts';

export function RevokeKey({ id, label }: { id: string; label: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateKeys();
  const revoke = useMutation(
    trpc.keys.revoke.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast(t`La clé ${label} est révoquée.`);
        await invalidate();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    }),
  );
  return (
    <>
      <Button
        variant="ghost"
        className="px-2 py-1 text-red-800"
        aria-label={t`Révoquer la clé ${label}`}
        onClick={() => setOpen(true)}
      >
        <Trans>Révoquer</Trans>
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t`Révoquer la clé ${label} ?`}
        description={t`Les programmes qui l’utilisent seront refusés dès maintenant. Une clé révoquée ne peut pas être rétablie.`}
        confirmLabel={t`Révoquer la clé`}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate({ id })}
      />
    </>
  );
}
