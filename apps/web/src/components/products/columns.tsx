import type { AppRouter } from '@comptoir/trpc';
import { useLingui } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { formatAmount } from '../../format.ts';
import { formatQuantity, formatRate } from './quantities.ts';
import { StockBadge } from './stock-badge.tsx';

export type ProductRow = inferRouterOutputs<AppRouter>['products']['list']['data'][number];

const column = createColumnHelper<ProductRow>();

/** Prices, rates and quantities line up on the right. */
export const numericColumns = new Set(['unitPrice', 'taxRate', 'stock', 'threshold']);

/** The list's columns; `canWrite` adds the edit link that opens the side sheet. */
export function useProductColumns(canWrite: boolean): ColumnDef<ProductRow, unknown>[] {
  const { t } = useLingui();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const columns: ColumnDef<ProductRow, unknown>[] = [
    column.accessor('name', {
      header: t`Nom`,
      cell: (info) => (
        <Link
          to="/$workspaceId/products/$productId"
          params={{ workspaceId, productId: info.row.original.id }}
          className="font-medium text-brand-800 underline-offset-2 hover:underline"
        >
          {info.getValue()}
        </Link>
      ),
    }) as ColumnDef<ProductRow, unknown>,
    column.accessor((product) => product.reference ?? '—', { id: 'reference', header: t`Référence` }),
    column.accessor((product) => formatAmount(product.unitPrice, 'EUR'), {
      id: 'unitPrice',
      header: t`Prix HT`,
    }),
    column.accessor((product) => formatRate(product.taxRate), { id: 'taxRate', header: t`TVA` }),
    column.display({
      id: 'stock',
      header: t`Stock`,
      cell: (info) => {
        const product = info.row.original;
        return (
          <span className="inline-flex items-center justify-end gap-2">
            {product.stockQuantity !== null && <span>{formatQuantity(product.stockQuantity)}</span>}
            <StockBadge state={product.stockState} />
          </span>
        );
      },
    }),
    column.accessor(
      (product) => (product.stockThreshold === null ? '—' : formatQuantity(product.stockThreshold)),
      { id: 'threshold', header: t`Seuil d’alerte` },
    ),
  ];
  if (!canWrite) return columns;
  return [
    ...columns,
    column.display({
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      cell: (info) => {
        const { id, name } = info.row.original;
        return (
          <Link
            to="."
            search={(previous: Record<string, unknown>) => ({ ...previous, sheet: undefined, product: id })}
            aria-label={t`Modifier ${name}`}
            className="rounded-md px-2 py-1 text-brand-800 hover:bg-slate-100"
          >
            {t`Modifier`}
          </Link>
        );
      },
    }),
  ];
}
