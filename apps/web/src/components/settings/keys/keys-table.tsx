import type { AppRouter } from '@comptoir/trpc';
import { useLingui } from '@lingui/react/macro';
import { createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { formatDay } from '../../../format.ts';
import { DataTable } from '../../ui/data-table.tsx';
import { RevokeKey } from './revoke-key.tsx';

export type KeyRow = inferRouterOutputs<AppRouter>['keys']['list']['data'][number];

const column = createColumnHelper<KeyRow>();

function isExpired(key: KeyRow, now: number): boolean {
  return key.expiresAt !== null && Date.parse(key.expiresAt) <= now;
}

export function KeysTable({ keys }: { keys: KeyRow[] }) {
  const { t } = useLingui();
  const now = Date.now();
  const name = (key: KeyRow) => key.name ?? key.hint;
  const activeUntil = (day: string) => t`Active jusqu’au ${day}`;
  const columns = [
    column.accessor((key) => key.name ?? t`Sans nom`, { id: 'name', header: t`Nom` }),
    column.display({
      id: 'hint',
      header: t`Clé`,
      cell: ({ row }) => <code className="text-xs">{row.original.hint}</code>,
    }),
    column.accessor((key) => key.scopes.join(', '), {
      id: 'scopes',
      header: t`Autorisations`,
      cell: ({ getValue }) => <span className="text-xs">{getValue()}</span>,
    }),
    column.accessor((key) => formatDay(key.createdAt), { id: 'createdAt', header: t`Créée le` }),
    column.accessor((key) => (key.lastUsedAt === null ? t`Jamais` : formatDay(key.lastUsedAt)), {
      id: 'lastUsedAt',
      header: t`Dernier usage`,
    }),
    column.accessor(
      (key) =>
        key.revokedAt !== null
          ? t`Révoquée`
          : isExpired(key, now)
            ? t`Expirée`
            : key.expiresAt === null
              ? t`Active`
              : activeUntil(formatDay(key.expiresAt)),
      { id: 'status', header: t`État` },
    ),
    column.display({
      id: 'actions',
      header: t`Actions`,
      cell: ({ row }) =>
        row.original.revokedAt === null ? (
          <RevokeKey id={row.original.id} label={name(row.original)} />
        ) : null,
    }),
  ];
  return <DataTable caption={t`Clés d’API`} rows={keys} columns={columns} rowId={(key) => key.id} />;
}
