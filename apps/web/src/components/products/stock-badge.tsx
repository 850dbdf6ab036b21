import type { StockState } from '@comptoir/core/schemas';
import { stockStateClass, useStockStateLabels } from './stock-labels.ts';

/** A product's stock state in words, on a colour that repeats them. */
export function StockBadge({ state }: { state: StockState }) {
  const labels = useStockStateLabels();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${stockStateClass[state]}`}>
      {labels[state]}
    </span>
  );
}
