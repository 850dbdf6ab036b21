import { fc, test } from '@fast-check/vitest';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { documentAmounts, documentTotals, lineNetAmount } from '../src/lines/totals.ts';

// Amounts as the API takes them: at most 4 decimals for quantities and prices, rates and
// discounts in percent with at most 4 decimals.
const decimal = (max: number, places: number) =>
  fc.integer({ min: 0, max: max * 10 ** places }).map((units) => units / 10 ** places);
const line = fc.record({
  quantity: decimal(10_000, 4).filter((quantity) => quantity > 0),
  unitPrice: decimal(100_000, 4),
  taxRate: fc.constantFrom(0, 2.1, 5.5, 8.5, 10, 20, 19.6),
  discountPercent: decimal(100, 4),
});
const terms = fc.record({ discountPercent: decimal(100, 4), reverseCharge: fc.boolean() });
const isCents = (value: number) => new Decimal(value).decimalPlaces() <= 2;

describe('EN 16931 totals', () => {
  test.prop([fc.array(line, { minLength: 1, maxLength: 30 }), terms])(
    'subtotal − discount + taxes = total to the cent, every amount in cents',
    (lines, documentTerms) => {
      const amounts = documentAmounts(lines, documentTerms);
      const taxes = amounts.taxes.reduce((sum, tax) => sum.plus(tax.amount), new Decimal(0));
      expect(new Decimal(amounts.subtotal).minus(amounts.discountAmount).plus(taxes).toNumber()).toBe(
        amounts.total,
      );
      expect(taxes.toNumber()).toBe(amounts.taxTotal);
      for (const value of [amounts.subtotal, amounts.discountAmount, amounts.total]) {
        expect(isCents(value)).toBe(true);
      }
      for (const tax of amounts.taxes) expect(isCents(tax.base) && isCents(tax.amount)).toBe(true);
    },
  );

  test.prop([fc.array(line, { minLength: 1, maxLength: 30 }), terms])(
    'the bases per rate add up to the subtotal less the discount, one entry per rate',
    (lines, documentTerms) => {
      const amounts = documentAmounts(lines, documentTerms);
      const bases = amounts.taxes.reduce((sum, tax) => sum.plus(tax.base), new Decimal(0));
      expect(bases.toNumber()).toBe(new Decimal(amounts.subtotal).minus(amounts.discountAmount).toNumber());
      expect(new Set(amounts.taxes.map((tax) => tax.rate)).size).toBe(amounts.taxes.length);
      expect(amounts.taxes.map((tax) => tax.rate)).toEqual(
        [...amounts.taxes.map((tax) => tax.rate)].sort((a, b) => a - b),
      );
    },
  );

  test.prop([fc.array(line, { minLength: 1, maxLength: 10 }), decimal(100_000, 2)])(
    'the balance is the total less what was paid',
    (lines, paid) => {
      const totals = documentTotals(documentAmounts(lines), paid);
      expect(new Decimal(totals.paid).plus(totals.balance).toNumber()).toBe(totals.total);
    },
  );

  it('rounds each line net, then VAT once per rate (not per line)', () => {
    // 3 × 0.335 = 1.005 → 1.01 (half up); VAT 20 % on 1.01 + 1.01 = 0.404 → 0.40, not 0.20 + 0.20 + …
    const lines = [
      { quantity: 3, unitPrice: 0.335, taxRate: 20 },
      { quantity: 3, unitPrice: 0.335, taxRate: 20 },
    ];
    expect(lineNetAmount(lines[0] as (typeof lines)[0]).toNumber()).toBe(1.01);
    expect(documentAmounts(lines)).toEqual({
      subtotal: 2.02,
      discountAmount: 0,
      taxes: [{ rate: 20, base: 2.02, amount: 0.4 }],
      taxTotal: 0.4,
      total: 2.42,
    });
  });

  it('takes the document discount per rate, before the VAT of that rate', () => {
    const amounts = documentAmounts(
      [
        { quantity: 1, unitPrice: 100, taxRate: 20 },
        { quantity: 2, unitPrice: 10.5, taxRate: 5.5, discountPercent: 10 },
      ],
      { discountPercent: 12.5 },
    );
    // 5.5 %: 2 × 10.5 = 21 less 10 % = 18.90; allowance 2.36 (2.3625); base 16.54; VAT 0.91
    // 20 %: 100; allowance 12.50; base 87.50; VAT 17.50
    expect(amounts).toEqual({
      subtotal: 118.9,
      discountAmount: 14.86,
      taxes: [
        { rate: 5.5, base: 16.54, amount: 0.91 },
        { rate: 20, base: 87.5, amount: 17.5 },
      ],
      taxTotal: 18.41,
      total: 122.45,
    });
  });

  it('charges no VAT under reverse charge, keeping the bases', () => {
    const amounts = documentAmounts([{ quantity: 1, unitPrice: 50, taxRate: 20 }], { reverseCharge: true });
    expect(amounts.taxes).toEqual([{ rate: 20, base: 50, amount: 0 }]);
    expect(amounts.total).toBe(50);
  });
});
