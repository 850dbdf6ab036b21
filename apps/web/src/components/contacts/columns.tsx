import type { AppRouter } from '@comptoir/trpc';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';

export type ContactRow = inferRouterOutputs<AppRouter>['contacts']['list']['data'][number];

const column = createColumnHelper<ContactRow>();

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** The list's columns: the name opens the contact's sheet, the company opens the company's. */
export function useContactColumns(): ColumnDef<ContactRow, string>[] {
  const { t } = useLingui();
  return [
    column.accessor('name', {
      header: t`Nom`,
      cell: ({ row }) => (
        <Link
          from="/$workspaceId/contacts/"
          search={(previous) => ({ ...previous, sheet: undefined, contact: row.original.id })}
          className={linkClass}
        >
          {row.original.name}
        </Link>
      ),
    }),
    column.accessor('email', { header: t`E-mail` }),
    column.accessor((contact) => contact.phone ?? '—', { id: 'phone', header: t`Téléphone` }),
    column.accessor((contact) => contact.company?.name ?? '—', {
      id: 'company',
      header: t`Société`,
      cell: ({ row }) => {
        const company = row.original.company;
        if (company === null) return '—';
        return (
          <Link
            to="/$workspaceId/companies"
            from="/$workspaceId/contacts/"
            search={{ company: company.id }}
            className={linkClass}
          >
            {company.name}
          </Link>
        );
      },
    }),
  ];
}
