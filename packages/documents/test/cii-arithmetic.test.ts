import { fc, test as propertyTest } from '@fast-check/vitest';
import { Decimal } from 'decimal.js';
import { describe, expect } from 'vitest';
import { renderFacturXXml } from '../src/cii.ts';
import type { DocumentModel } from '../src/model.ts';
import { documentLines, en16931Totals, type GeneratedLine } from './en16931-amounts.ts';
import * as fixtures from './fixtures.ts';
import { businessRuleErrors, en16931XsdErrors, readBack } from './xml-tools.ts';

// EN 16931 BR-CO-10 to BR-CO-16 on generated invoices (lines with quantities and prices of up to
// 4 decimals, line discounts, 0 to 20 % VAT, a document discount, reverse charge or not, partly
// paid): the XML, read back by factur-x-kit, adds up to the cent, and every figure is the one
// computed the EN 16931 way in decimal arithmetic (en16931-amounts.ts), not a float's.

const generatedLine: fc.Arbitrary<GeneratedLine> = fc.record({
  quantity: fc.integer({ min: 1, max: 500_000 }).map((units) => units / 10_000),
  unitPrice: fc.integer({ min: 0, max: 20_000_000 }).map((units) => units / 10_000),
  discountPercent: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 10_000 }).map((units) => units / 100),
  ),
  taxRate: fc.constantFrom(0, 2.1, 5.5, 10, 20),
});
const terms = fc.record({
  discountPercent: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 5_000 }).map((units) => units / 100),
  ),
  reverseCharge: fc.boolean(),
  paidShare: fc.constantFrom(0, 0.3, 1),
});

describe('renderFacturXXml: EN 16931 arithmetic (BR-CO-10 to BR-CO-16) on generated invoices', () => {
  propertyTest.prop([fc.array(generatedLine, { minLength: 1, maxLength: 12 }), terms], { numRuns: 30 })(
    'the XML read back adds up, to the cent, to the amounts computed the EN 16931 way',
    async (lines, documentTerms) => {
      const totals = en16931Totals(lines, documentTerms);
      const model: DocumentModel = {
        ...fixtures.invoice,
        lines: documentLines(lines),
        totals,
        reverseCharge: documentTerms.reverseCharge,
        discountPercent: documentTerms.discountPercent,
      };
      const xml = await renderFacturXXml(model);
      expect(await en16931XsdErrors(xml)).toEqual([]);
      expect(await businessRuleErrors(xml)).toEqual([]);
      const back = await readBack(xml);
      const read = back.totals;
      const lineNets = back.invoiceLines.map((line) => line.settlement.lineTotals.netTotal);
      const d = (value: number | undefined) => new Decimal(value ?? 0);
      const sum = (values: (number | undefined)[]) =>
        values.reduce((acc: Decimal, value) => acc.plus(d(value)), new Decimal(0));
      const allowances = read.documentLevelAllowancesAndCharges?.allowances ?? [];

      expect(sum(lineNets).eq(d(read.sumWithoutAllowancesAndCharges))).toBe(true); // BR-CO-10
      expect(
        sum(allowances.map((allowance) => allowance.actualAmount)).eq(d(read.allowanceTotalAmount)),
      ).toBe(true); // BR-CO-11
      expect(
        d(read.netTotal).eq(d(read.sumWithoutAllowancesAndCharges).minus(d(read.allowanceTotalAmount))),
      ).toBe(true); // BR-CO-13
      for (const group of read.taxBreakdown) {
        const vat = d(group.basisAmount)
          .times(d(group.rateApplicablePercent))
          .div(100)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
        expect(d(group.calculatedAmount).eq(vat)).toBe(true); // BR-CO-17, per rate
      }
      const taxTotal = d(read.taxTotal?.[0]?.amount);
      expect(sum(read.taxBreakdown.map((group) => group.calculatedAmount)).eq(taxTotal)).toBe(true); // BR-CO-14
      expect(d(read.grossTotal).eq(d(read.netTotal).plus(taxTotal))).toBe(true); // BR-CO-15
      expect(d(read.openAmount).eq(d(read.grossTotal).minus(d(read.prepaidAmount)))).toBe(true); // BR-CO-16
      // And every figure is the one computed the EN 16931 way, not the library's own.
      expect([
        read.sumWithoutAllowancesAndCharges,
        read.allowanceTotalAmount ?? 0,
        taxTotal.toNumber(),
      ]).toEqual([totals.subtotal, totals.discountAmount, totals.taxTotal]);
      expect([read.grossTotal, read.prepaidAmount ?? 0, read.openAmount]).toEqual([
        totals.total,
        totals.paid,
        totals.balance,
      ]);
    },
  );
});
