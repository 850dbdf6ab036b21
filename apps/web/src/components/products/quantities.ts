import { i18n } from '@lingui/core';

/** A stock quantity as the active locale writes numbers (up to the 4 decimals storage keeps). */
export function formatQuantity(quantity: number): string {
  return i18n.number(quantity, { maximumFractionDigits: 4 });
}

/** A signed change of stock: `+3`, `−2`, `0`. */
export function formatDelta(delta: number): string {
  return i18n.number(delta, { maximumFractionDigits: 4, signDisplay: 'exceptZero' });
}

/** A VAT rate (a percentage, 20 for 20 %). */
export function formatRate(rate: number): string {
  return i18n.number(rate / 100, { style: 'percent', maximumFractionDigits: 2 });
}
