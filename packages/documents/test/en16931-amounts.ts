import { Decimal } from 'decimal.js';
import type { DocumentLine, DocumentTotals } from '../src/model.ts';

// The EN 16931 amounts of generated invoices, computed here (this package may not import core)
// the way core's lines/totals.ts does: each line net rounded to the cent; per VAT rate, the
// document discount taken as an allowance rounded to the cent and the VAT computed once on the
// discounted base, rounded to the cent; no VAT under reverse charge.

export interface GeneratedLine {
  quantity: number;
  unitPrice: number;
  discountPercent: number;
  taxRate: number;
}

const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

export function lineNet(line: GeneratedLine): Decimal {
  const gross = new Decimal(line.quantity).times(line.unitPrice);
  return cents(gross.minus(gross.times(line.discountPercent).div(100)));
}

export function documentLines(lines: readonly GeneratedLine[]): DocumentLine[] {
  return lines.map((line, position) => ({
    position,
    description: `Article ${position + 1}`,
    unit: null,
    ...line,
    netAmount: lineNet(line).toNumber(),
  }));
}

export function en16931Totals(
  lines: readonly GeneratedLine[],
  terms: { discountPercent: number; reverseCharge: boolean; paidShare: number },
): DocumentTotals {
  const byRate = new Map<number, Decimal>();
  for (const line of lines)
    byRate.set(line.taxRate, (byRate.get(line.taxRate) ?? new Decimal(0)).plus(lineNet(line)));
  let subtotal = new Decimal(0);
  let discount = new Decimal(0);
  let taxTotal = new Decimal(0);
  const taxes = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rate, nets]) => {
      const allowance = cents(nets.times(terms.discountPercent).div(100));
      const base = nets.minus(allowance);
      const amount = terms.reverseCharge ? new Decimal(0) : cents(base.times(rate).div(100));
      subtotal = subtotal.plus(nets);
      discount = discount.plus(allowance);
      taxTotal = taxTotal.plus(amount);
      return { rate, base: base.toNumber(), amount: amount.toNumber() };
    });
  const total = subtotal.minus(discount).plus(taxTotal);
  const paid = cents(total.times(terms.paidShare));
  return {
    subtotal: subtotal.toNumber(),
    discountAmount: discount.toNumber(),
    taxes,
    taxTotal: taxTotal.toNumber(),
    total: total.toNumber(),
    paid: paid.toNumber(),
    balance: total.minus(paid).toNumber(),
  };
}
