import { i18n } from '@lingui/core';

/** A quantity as the active locale writes numbers (1,5 in French), up to its stored decimals. */
export function formatQuantity(quantity: number): string {
  return i18n.number(quantity, { maximumFractionDigits: 4 });
}

/** A rate in percent (20 → "20 %"), as the active locale writes it. */
export function formatPercent(rate: number): string {
  return i18n.number(rate / 100, { style: 'percent', maximumFractionDigits: 4 });
}
