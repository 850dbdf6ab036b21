import type { AppRouter } from '@comptoir/trpc';
import { useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { formatDay } from '../../../format.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { RemoveMember } from './remove-member.tsx';
import { RoleSelect } from './role-select.tsx';

export type MemberRow = inferRouterOutputs<AppRouter>['members']['list']['data'][number];

const column = createColumnHelper<MemberRow>();

export function MembersTable({ members, meId }: { members: MemberRow[]; meId: string }) {
  const { t } = useLingui();
  const yours = (name: string) => t`${name} (vous)`;
  const columns = [
    column.accessor((member) => (member.userId === meId ? yours(member.name) : member.name), {
      id: 'name',
      header: t`Nom`,
    }),
    column.accessor('email', { header: t`Adresse e-mail` }),
    column.display({
      id: 'role',
      header: t`Rôle`,
      cell: ({ row }) => (
        <RoleSelect userId={row.original.userId} name={row.original.name} role={row.original.role} />
      ),
    }),
    column.accessor((member) => formatDay(member.joinedAt), { id: 'joinedAt', header: t`Membre depuis` }),
    column.display({
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) => <RemoveMember userId={row.original.userId} name={row.original.name} />,
    }),
  ];
  return (
    <DataTable caption={t`Membres de l’espace`} rows={members} columns={columns} rowId={(m) => m.userId} />
  );
}
