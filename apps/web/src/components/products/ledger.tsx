import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';
import { DataTable } from '../ui/data-table.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { Pager, pageCount } from '../ui/pager.tsx';
import { ledgerNumericColumns, useLedgerColumns } from './ledger-columns.tsx';
import { ledgerInput, ledgerPageSize } from './ledger-input.ts';

/** A product's stock ledger: every count and movement, newest first, a page at a time (`?page=`). */
export function Ledger({ productId, page }: { productId: string; page: number }) {
  const { t } = useLingui();
  const { data: ledger } = useSuspenseQuery(
    trpc.stockMovements.list.queryOptions(ledgerInput(productId, page)),
  );
  const columns = useLedgerColumns();
  const total = ledger.pagination.total;
  return (
    <section aria-labelledby="ledger-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ledger-title" className="text-lg font-semibold">
          <Trans>Historique du stock</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Plural value={total} _0="Aucun mouvement" one="# mouvement" other="# mouvements" />
        </p>
      </div>
      {ledger.data.length > 0 ? (
        <>
          <DataTable
            caption={t`Historique du stock, du plus récent au plus ancien`}
            rows={ledger.data}
            columns={columns}
            rowId={(entry) => entry.id}
            numeric={ledgerNumericColumns}
          />
          <Pager page={page} pages={pageCount(total, ledgerPageSize)} />
        </>
      ) : (
        <EmptyState title={<Trans>Aucun mouvement de stock</Trans>}>
          <p className="text-slate-700">
            <Trans>
              Chaque inventaire et chaque mouvement (par l’application, un fichier CSV ou l’API) apparaîtra
              ici, avec le stock avant et après.
            </Trans>
          </p>
        </EmptyState>
      )}
    </section>
  );
}
