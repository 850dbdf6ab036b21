import { invoiceStatusSchema } from '@comptoir/core/schemas';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { buttonClass } from '../ui/button.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { Pager, pageCount } from '../ui/pager.tsx';
import { SearchInput } from '../ui/search-input.tsx';
import { StatusFilter } from '../ui/status-filter.tsx';
import { numericColumns, useInvoiceColumns } from './columns.tsx';
import {
  NoInvoicesWithStatus,
  NoInvoicesYet,
  NoMatchingInvoices,
  PastTheLastInvoicePage,
} from './empty-states.tsx';
import { invoicesListInput, invoicesPageSize } from './list-input.ts';
import { type InvoiceStatus, useInvoiceStatusLabels } from './status-labels.ts';

export function InvoicesScreen({
  status,
  page,
  q,
}: {
  status: InvoiceStatus | undefined;
  page: number;
  q: string | undefined;
}) {
  const { t } = useLingui();
  const { data: list } = useSuspenseQuery(
    trpc.invoices.list.queryOptions(invoicesListInput(status, page, q)),
  );
  const total = list.pagination.total;
  const pages = pageCount(total, invoicesPageSize);
  const columns = useInvoiceColumns();
  const statusLabels = useInvoiceStatusLabels();
  const canDraft = useCan('draft:invoices');
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  return (
    <div className="flex flex-col gap-4">
      <title>{t`Factures · Comptoir`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-semibold">
          <Trans>Factures</Trans>
        </h1>
        <div className="flex flex-wrap items-end gap-4">
          <SearchInput value={q} label={t`Rechercher une facture`} />
          <StatusFilter status={status} statuses={invoiceStatusSchema.options} labels={statusLabels} />
          {canDraft && (
            <Link to="/$workspaceId/invoices/new" params={{ workspaceId }} className={buttonClass()}>
              <Trans>Nouvelle facture</Trans>
            </Link>
          )}
        </div>
      </div>
      <p className="text-sm text-slate-700">
        <Plural value={total} _0="Aucune facture" one="# facture" other="# factures" />
      </p>
      {list.data.length > 0 ? (
        <>
          <DataTable
            caption={t`Factures`}
            rows={list.data}
            columns={columns}
            rowId={(invoice) => invoice.id}
            numeric={numericColumns}
          />
          <Pager page={page} pages={pages} />
        </>
      ) : total > 0 ? (
        <PastTheLastInvoicePage />
      ) : q !== undefined ? (
        <NoMatchingInvoices q={q} />
      ) : status === undefined ? (
        <NoInvoicesYet canDraft={canDraft} />
      ) : (
        <NoInvoicesWithStatus status={status} />
      )}
    </div>
  );
}
