import type { AppRouter } from '@comptoir/trpc';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { formatAmount, formatDay } from '../../format.ts';
import { QuoteStatusBadge } from './status-badge.tsx';
import { validUntil } from './validity.ts';

export type QuoteRow = inferRouterOutputs<AppRouter>['quotes']['list']['data'][number];

const column = createColumnHelper<QuoteRow>();

/** Amounts line up on the right, as in any ledger. */
export const numericColumns = new Set(['total']);

function Validity({ quote }: { quote: QuoteRow }) {
  const until = validUntil(quote);
  if (until !== null) {
    const day = formatDay(until);
    return <Trans>jusqu’au {day}</Trans>;
  }
  const days = quote.validityDays;
  return <Plural value={days} one="# jour" other="# jours" />;
}

/** The list's columns, their headers in the active language (hence built inside a hook). */
export function useQuoteColumns(): ColumnDef<QuoteRow, string>[] {
  const { t } = useLingui();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const unnumbered = t`Sans numéro`;
  // Rebuilt on each render: a page holds 20 rows, and the headers follow the active language.
  return [
    column.accessor((quote) => quote.number ?? unnumbered, {
      id: 'number',
      header: t`Numéro`,
      // The row's way in: a link the keyboard reaches, the detail's own URL.
      cell: ({ row, getValue }) => (
        <Link
          to="/$workspaceId/quotes/$quoteId"
          params={{ workspaceId, quoteId: row.original.id }}
          className="font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          {getValue()}
        </Link>
      ),
    }),
    column.accessor((quote) => quote.clientCompany ?? quote.clientName, { id: 'client', header: t`Client` }),
    column.accessor('status', {
      header: t`Statut`,
      cell: ({ row }) => <QuoteStatusBadge status={row.original.status} />,
    }),
    column.accessor((quote) => formatDay(quote.sentAt ?? quote.createdAt), { id: 'date', header: t`Date` }),
    column.accessor((quote) => String(quote.validityDays), {
      id: 'validity',
      header: t`Validité`,
      cell: ({ row }) => <Validity quote={row.original} />,
    }),
    column.accessor((quote) => formatAmount(quote.totals.total, quote.currency), {
      id: 'total',
      header: t`Total TTC`,
    }),
  ];
}
