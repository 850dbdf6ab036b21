import type { StockState } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';

/** How each stock state reads in the active language. */
export function useStockStateLabels(): Record<StockState, string> {
  const { t } = useLingui();
  return {
    ok: t`En stock`,
    low: t`Stock bas`,
    out: t`Rupture`,
    untracked: t`Non suivi`,
  };
}

/** A badge's colours per state: the words say it, the colour only repeats it. */
export const stockStateClass: Record<StockState, string> = {
  ok: 'bg-emerald-100 text-emerald-900',
  low: 'bg-amber-100 text-amber-900',
  out: 'bg-red-100 text-red-900',
  untracked: 'bg-slate-100 text-slate-800',
};
