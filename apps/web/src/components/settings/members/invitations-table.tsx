import type { AppRouter } from '@comptoir/trpc';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { useState } from 'react';
import { formatDay } from '../../../format.ts';
import { useErrorMessage } from '../../../forms/error-messages.ts';
import { trpc } from '../../../trpc/client.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { useToast } from '../../ui/toast.tsx';
import { ConfirmedRowAction } from '../confirmed-row-action.tsx';
import { useInvalidateMembers } from '../invalidate.ts';
import { useRoleLabels } from './roles.ts';

export type InvitationRow = inferRouterOutputs<AppRouter>['invitations']['list']['data'][number];

const column = createColumnHelper<InvitationRow>();

/** Invitations not yet accepted: who, with which role, until when; each can be withdrawn. */
export function InvitationsTable({ invitations }: { invitations: InvitationRow[] }) {
  const { t } = useLingui();
  const labels = useRoleLabels();
  const columns = [
    column.accessor('email', { header: t`Adresse e-mail` }),
    column.accessor((invitation) => labels[invitation.role].name, { id: 'role', header: t`Rôle` }),
    column.accessor((invitation) => formatDay(invitation.expiresAt), {
      id: 'expiresAt',
      header: t`Valable jusqu’au`,
    }),
    column.display({
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) => <RevokeInvitation id={row.original.id} email={row.original.email} />,
    }),
  ];
  return (
    <DataTable
      caption={t`Invitations en attente`}
      rows={invitations}
      columns={columns}
      rowId={(invitation) => invitation.id}
    />
  );
}

function RevokeInvitation({ id, email }: { id: string; email: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const invalidate = useInvalidateMembers();
  const revoke = useMutation(
    trpc.invitations.revoke.mutationOptions({
      onSuccess: async () => {
        setOpen(false);
        toast(t`L’invitation de ${email} est retirée.`);
        await invalidate();
      },
      onError: (error) => toast(errorMessage(error), 'error'),
    }),
  );
  return (
    <ConfirmedRowAction
      label={<Trans>Retirer</Trans>}
      rowLabel={t`Retirer l’invitation de ${email}`}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      title={t`Retirer l’invitation de ${email} ?`}
      description={t`Son lien ne fonctionnera plus.`}
      confirmLabel={t`Retirer l’invitation`}
      pending={revoke.isPending}
      onConfirm={() => revoke.mutate({ id })}
    />
  );
}
