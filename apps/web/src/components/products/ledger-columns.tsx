import type { AppRouter } from '@comptoir/trpc';
import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { inferRouterOutputs } from '@trpc/server';
import { formatAmount } from '../../format.ts';
import { formatDelta, formatQuantity } from './quantities.ts';

export type LedgerRow = inferRouterOutputs<AppRouter>['stockMovements']['list']['data'][number];

const column = createColumnHelper<LedgerRow>();

export const ledgerNumericColumns = new Set(['delta', 'before', 'after', 'unitCost']);

/** When a change was made, in the reader's own time zone: a ledger is read by the people who did it. */
function formatInstant(iso: string): string {
  return i18n.date(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

export function useLedgerColumns(): ColumnDef<LedgerRow, string>[] {
  const { t } = useLingui();
  const kinds: Record<LedgerRow['kind'], string> = { adjustment: t`Inventaire`, movement: t`Mouvement` };
  return [
    column.accessor((entry) => formatInstant(entry.createdAt), { id: 'createdAt', header: t`Date` }),
    column.accessor((entry) => kinds[entry.kind], { id: 'kind', header: t`Type` }),
    column.accessor((entry) => formatDelta(entry.delta), { id: 'delta', header: t`Variation` }),
    column.accessor((entry) => formatQuantity(entry.before), { id: 'before', header: t`Avant` }),
    column.accessor((entry) => formatQuantity(entry.after), { id: 'after', header: t`Après` }),
    column.accessor((entry) => entry.reason ?? '—', { id: 'reason', header: t`Motif` }),
    column.accessor(
      (entry) => [entry.refKind, entry.refId].filter((part) => part !== null).join(' ') || '—',
      { id: 'reference', header: t`Document` },
    ),
    column.accessor((entry) => (entry.unitCost === null ? '—' : formatAmount(entry.unitCost, 'EUR')), {
      id: 'unitCost',
      header: t`Coût unitaire`,
    }),
    column.accessor(
      (entry) => {
        const key = entry.apiKeyId;
        return key === null ? t`Application ou CLI` : t`Clé API ${key}`;
      },
      { id: 'source', header: t`Source` },
    ),
  ];
}
