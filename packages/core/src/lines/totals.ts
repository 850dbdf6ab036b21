import type { VatEntry } from '@comptoir/db';
import { Decimal } from 'decimal.js';

export interface DocumentTotals {
  subtotal: number;
  vat: VatEntry[];
  taxTotal: number;
  total: number;
}

const money = (value: Decimal.Value) => new Decimal(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** Each line's net amount, rounded to the cent (EN 16931: line net amounts are rounded first). */
export function lineAmount(line: { quantity: Decimal.Value; unitPrice: Decimal.Value }): Decimal {
  return money(new Decimal(line.quantity).times(line.unitPrice));
}

/**
 * EN 16931 totals: line nets rounded to 2 decimals and summed; VAT computed once per rate on
 * the sum of that rate's line nets, rounded to 2 decimals; total = subtotal + VAT.
 */
export function documentTotals(
  lines: ReadonlyArray<{ quantity: Decimal.Value; unitPrice: Decimal.Value; taxRate: Decimal.Value }>,
): DocumentTotals {
  const baseByRate = new Map<string, Decimal>();
  let subtotal = new Decimal(0);
  for (const line of lines) {
    const amount = lineAmount(line);
    subtotal = subtotal.plus(amount);
    const rate = new Decimal(line.taxRate).toString();
    baseByRate.set(rate, (baseByRate.get(rate) ?? new Decimal(0)).plus(amount));
  }
  const vat = [...baseByRate.entries()]
    .map(([rate, base]) => ({
      rate: Number(rate),
      base: base.toNumber(),
      vat: money(base.times(rate).div(100)).toNumber(),
    }))
    .sort((a, b) => a.rate - b.rate);
  const taxTotal = vat.reduce((sum, entry) => sum.plus(entry.vat), new Decimal(0));
  return {
    subtotal: subtotal.toNumber(),
    vat,
    taxTotal: taxTotal.toNumber(),
    total: subtotal.plus(taxTotal).toNumber(),
  };
}
