import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { trpc } from '../../../trpc/client.ts';
import { useToast } from '../../ui/toast.tsx';
import { ConfirmedRowAction } from '../confirmed-row-action.tsx';
import { useInvalidateMembers } from '../invalidate.ts';

/** Removes a member after asking; the last owner is refused by the server, in words here. */
export function RemoveMember({ userId, name }: { userId: string; name: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateMembers();
  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast(t`${name} ne fait plus partie de l’espace.`);
        await invalidate();
      },
      onError: (error) => setRefusal(errorMessage(error)),
    }),
  );
  return (
    <ConfirmedRowAction
      label={<Trans>Retirer</Trans>}
      rowLabel={t`Retirer ${name}`}
      open={open}
      onOpen={() => {
        setRefusal(undefined);
        setOpen(true);
      }}
      onClose={() => setOpen(false)}
      title={t`Retirer ${name} de l’espace ?`}
      description={t`Cette personne n’aura plus accès à l’espace. Vous pourrez l’inviter à nouveau.`}
      confirmLabel={t`Retirer`}
      pending={remove.isPending}
      onConfirm={() => remove.mutate({ userId })}
    >
      {refusal !== undefined && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
          {refusal}
        </p>
      )}
    </ConfirmedRowAction>
  );
}
