import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { trpc } from '../../../trpc/client.ts';
import { useToast } from '../../ui/toast.tsx';
import { ConfirmedRowAction } from '../confirmed-row-action.tsx';
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
    <ConfirmedRowAction
      label={<Trans>Révoquer</Trans>}
      rowLabel={t`Révoquer la clé ${label}`}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      title={t`Révoquer la clé ${label} ?`}
      description={t`Les programmes qui l’utilisent seront refusés dès maintenant. Une clé révoquée ne peut pas être rétablie.`}
      confirmLabel={t`Révoquer la clé`}
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate({ id })}
    />
  );
}
