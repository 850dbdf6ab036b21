import { quoteStatusSchema } from '@comptoir/core/schemas';
import { Plural, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';
import { DataTable } from '../ui/data-table.tsx';
import { PageHeader } from '../ui/page-header.tsx';
import { Pager, pageCount } from '../ui/pager.tsx';
import { SearchInput } from '../ui/search-input.tsx';
import { StatusFilter } from '../ui/status-filter.tsx';
import { numericColumns, useQuoteColumns } from './columns.tsx';
import { NoQuotesMatching, NoQuotesWithStatus, NoQuotesYet, PastTheLastQuotePage } from './empty-states.tsx';
import { type QuotesListSearch, quotesListInput, quotesPageSize } from './list-input.ts';
import { NewQuoteLink } from './new-quote-link.tsx';
import { useQuoteStatusLabels } from './status-labels.ts';

export function QuotesScreen({ search }: { search: QuotesListSearch }) {
  const { t } = useLingui();
  const { data: list } = useSuspenseQuery(trpc.quotes.list.queryOptions(quotesListInput(search)));
  const total = list.pagination.total;
  const page = search.page ?? 1;
  const columns = useQuoteColumns();
  const statusLabels = useQuoteStatusLabels();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t`Devis`} documentTitle={t`Devis · Comptoir`} actions={<NewQuoteLink />} />
      <div className="flex flex-wrap items-end gap-4">
        <SearchInput value={search.q} label={t`Rechercher un devis`} />
        <StatusFilter status={search.status} statuses={quoteStatusSchema.options} labels={statusLabels} />
      </div>
      <p className="text-sm text-slate-700" aria-live="polite">
        <Plural value={total} _0="Aucun devis" one="# devis" other="# devis" />
      </p>
      {list.data.length > 0 ? (
        <>
          <DataTable
            caption={t`Devis`}
            rows={list.data}
            columns={columns}
            rowId={(quote) => quote.id}
            numeric={numericColumns}
          />
          <Pager page={page} pages={pageCount(total, quotesPageSize)} />
        </>
      ) : total > 0 ? (
        <PastTheLastQuotePage />
      ) : search.q !== undefined ? (
        <NoQuotesMatching q={search.q} />
      ) : search.status === undefined ? (
        <NoQuotesYet create={<NewQuoteLink />} />
      ) : (
        <NoQuotesWithStatus status={search.status} />
      )}
    </div>
  );
}
