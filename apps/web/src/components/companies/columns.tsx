import type { AppRouter } from '@comptoir/trpc';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { IdentifierCheck } from './identifier-check.tsx';
import { reportedStatus } from './identifier-checks.ts';

export type CompanyRow = inferRouterOutputs<AppRouter>['companies']['list']['data'][number];

const column = createColumnHelper<CompanyRow>();

const linkClass = 'font-medium text-brand-700 underline-offset-2 hover:underline';

/** An address on one line, for a list cell. */
export function oneLine(address: string | null): string {
  return address === null
    ? ''
    : address
        .split(/\s*\n\s*/)
        .filter(Boolean)
        .join(', ');
}

/** The list's columns: the name opens the company's sheet; identifiers show the server's checks. */
export function useCompanyColumns(): ColumnDef<CompanyRow, string>[] {
  const { t } = useLingui();
  return [
    column.accessor('name', {
      header: t`Nom`,
      cell: ({ row }) => (
        <span className="flex flex-wrap items-center gap-2">
          <Link
            from="/$workspaceId/companies/"
            search={(previous) => ({ ...previous, sheet: undefined, company: row.original.id })}
            className={linkClass}
          >
            {row.original.name}
          </Link>
          {row.original.isSupplier && (
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
              <Trans>Fournisseur</Trans>
            </span>
          )}
        </span>
      ),
    }),
    column.accessor((company) => company.siret ?? '', {
      id: 'siret',
      header: t`SIRET`,
      cell: ({ row }) => (
        <IdentifierCell
          value={row.original.siret}
          check={
            <IdentifierCheck
              kind="siret"
              status={reportedStatus(row.original.siretValid, row.original.siret, 'siret')}
            />
          }
        />
      ),
    }),
    column.accessor((company) => company.vatNumber ?? '', {
      id: 'vatNumber',
      header: t`N° de TVA`,
      cell: ({ row }) => (
        <IdentifierCell
          value={row.original.vatNumber}
          check={
            <IdentifierCheck
              kind="vat"
              status={reportedStatus(row.original.vatNumberValid, row.original.vatNumber, 'vat')}
            />
          }
        />
      ),
    }),
    column.accessor((company) => oneLine(company.address), {
      id: 'address',
      header: t`Adresse`,
      cell: ({ getValue }) => getValue() || '—',
    }),
  ];
}

function IdentifierCell({ value, check }: { value: string | null; check: React.ReactNode }) {
  return (
    <span className="flex flex-col">
      {value !== null && value !== '' && <span className="tabular-nums">{value}</span>}
      {check}
    </span>
  );
}
