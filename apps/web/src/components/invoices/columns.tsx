import type { AppRouter } from '@comptoir/trpc';
import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { formatAmount, formatDay } from '../../format.ts';
import { useInvoiceStatusLabels } from './status-labels.ts';

export type InvoiceRow = inferRouterOutputs<AppRouter>['invoices']['list']['data'][number];

const column = createColumnHelper<InvoiceRow>();

/** Amounts line up on the right, as in any ledger. */
export const numericColumns = new Set(['total', 'balance']);

/** The list's columns, their headers in the active language (hence built inside a hook). */
export function useInvoiceColumns(): ColumnDef<InvoiceRow, string>[] {
  const { t } = useLingui();
  const statusLabels = useInvoiceStatusLabels();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  // Rebuilt on each render: a page holds 20 rows, and the headers follow the active language.
  return [
    column.accessor('number', {
      header: t`Numéro`,
      // The row's way in: a link, so the keyboard reaches it and the URL says which invoice is open.
      cell: ({ row, getValue }) => (
        <Link
          to="/$workspaceId/invoices/$invoiceId"
          params={{ workspaceId, invoiceId: row.original.id }}
          className="font-medium text-brand-700 underline"
        >
          {getValue()}
        </Link>
      ),
    }),
    column.accessor((invoice) => invoice.clientCompany ?? invoice.clientName, {
      id: 'client',
      header: t`Client`,
    }),
    column.accessor((invoice) => statusLabels[invoice.status], { id: 'status', header: t`Statut` }),
    column.accessor((invoice) => (invoice.issuedAt === null ? '—' : formatDay(invoice.issuedAt)), {
      id: 'issuedAt',
      header: t`Émise le`,
    }),
    column.accessor((invoice) => (invoice.dueAt === null ? '—' : formatDay(invoice.dueAt)), {
      id: 'dueAt',
      header: t`Échéance`,
    }),
    column.accessor((invoice) => formatAmount(invoice.totals.total, invoice.currency), {
      id: 'total',
      header: t`Total TTC`,
    }),
    column.accessor((invoice) => formatAmount(invoice.totals.balance, invoice.currency), {
      id: 'balance',
      header: t`Reste dû`,
    }),
  ];
}
