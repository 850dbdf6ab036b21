import { Decimal } from 'decimal.js';
import type { StockState } from './schemas.ts';

/** The rulings' stockState, on exact decimals. */
export function stockStateOf(
  trackStock: boolean,
  quantity: string | null,
  threshold: string | null,
): StockState {
  if (!trackStock) return 'untracked';
  const current = new Decimal(quantity ?? 0);
  if (current.lte(0)) return 'out';
  if (threshold !== null && current.lte(threshold)) return 'low';
  return 'ok';
}
