import { type StoredUnits, storedUnits } from '../decimals/index.ts';
import type { StockState } from './schemas.ts';

/** The rulings' stockState of a tracked product, on exact units. */
export function trackedStockState(quantity: StoredUnits, threshold: StoredUnits | null): StockState {
  if (quantity <= 0n) return 'out';
  if (threshold !== null && quantity <= threshold) return 'low';
  return 'ok';
}

/** The rulings' stockState, on the stored decimals. */
export function stockStateOf(
  trackStock: boolean,
  quantity: string | null,
  threshold: string | null,
): StockState {
  if (!trackStock) return 'untracked';
  return trackedStockState(storedUnits(quantity ?? '0'), threshold === null ? null : storedUnits(threshold));
}
