import { fc, test } from '@fast-check/vitest';
import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import {
  decimalPlacesOf,
  divideRoundingHalfUp,
  storedNumber,
  storedText,
  storedUnits,
} from '../src/decimals/index.ts';
import { stockStateOf } from '../src/products/state.ts';

// decimal.js is the reference: the stock engine used it before it moved to bigint units, and
// its answers at a precision far beyond NUMERIC(18, 4) are exact.
const Exact = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
const unitsPerOne = new Exact(10_000);

// Every value NUMERIC(18, 4) holds, in units of 0.0001.
const storable = fc.bigInt({ min: -(10n ** 18n) + 1n, max: 10n ** 18n - 1n });
// Small values too, where the formatting has its edge cases (0.0001, -0.5, 3).
const units = fc.oneof(storable, fc.bigInt({ min: -100_000n, max: 100_000n }));

describe('stored decimals as units', () => {
  test.prop([units])('text is what decimal.js writes for the same value, and parses back', (value) => {
    const text = storedText(value);
    expect(text).toBe(new Exact(value.toString()).dividedBy(unitsPerOne).toString());
    expect(storedUnits(text)).toBe(value);
    expect(storedNumber(value)).toBe(new Decimal(text).toNumber());
  });

  test.prop([units])('parses NUMERIC as PostgreSQL writes it, four places always', (value) => {
    const numeric = new Exact(value.toString()).dividedBy(unitsPerOne).toFixed(4);
    expect(storedUnits(numeric)).toBe(value);
  });

  test.prop([fc.integer({ min: -(10 ** 15), max: 10 ** 15 }), fc.integer({ min: 0, max: 4 })])(
    'parses a number of at most four places exactly',
    (scaled, places) => {
      const value = scaled / 10 ** places;
      expect(decimalPlacesOf(value)).toBeLessThanOrEqual(4);
      expect(storedUnits(value).toString()).toBe(new Exact(value).times(unitsPerOne).toFixed(0));
    },
  );

  it('refuses what is not a stored decimal', () => {
    for (const value of ['1.23456', '1e5', '', '-', '.5', '1.', ' 1', 'NaN']) {
      expect(() => storedUnits(value), value).toThrow(RangeError);
    }
    for (const value of [0.00001, 1.5e-7, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => storedUnits(value), String(value)).toThrow(RangeError);
    }
    expect(storedUnits(1e21)).toBe(10n ** 25n);
  });

  test.prop([fc.double({ noNaN: true, noDefaultInfinity: true })])(
    'counts decimal places as decimal.js does',
    (value) => {
      expect(decimalPlacesOf(value)).toBe(new Decimal(value).decimalPlaces());
    },
  );

  test.prop([storable, storable.filter((divisor) => divisor !== 0n)])(
    'divides rounding halves away from zero, as decimal.js ROUND_HALF_UP does',
    (dividend, divisor) => {
      const expected = new Exact(dividend.toString()).dividedBy(divisor.toString()).toDecimalPlaces(0);
      expect(divideRoundingHalfUp(dividend, divisor).toString()).toBe(expected.toFixed(0));
    },
  );

  it('rounds exact halves away from zero', () => {
    expect(divideRoundingHalfUp(5n, 2n)).toBe(3n);
    expect(divideRoundingHalfUp(-5n, 2n)).toBe(-3n);
    expect(divideRoundingHalfUp(5n, -2n)).toBe(-3n);
    expect(divideRoundingHalfUp(7n, 4n)).toBe(2n);
    expect(divideRoundingHalfUp(-7n, 4n)).toBe(-2n);
    expect(() => divideRoundingHalfUp(1n, 0n)).toThrow(RangeError);
  });

  test.prop([units, fc.option(units, { nil: null })])(
    'stock state: out at 0 or below, low at or below the threshold, as on exact decimals',
    (quantity, threshold) => {
      const numeric = (value: bigint) => new Exact(value.toString()).dividedBy(unitsPerOne).toFixed(4);
      const current = new Exact(quantity.toString());
      const expected = current.lte(0)
        ? 'out'
        : threshold !== null && current.lte(threshold.toString())
          ? 'low'
          : 'ok';
      expect(stockStateOf(true, numeric(quantity), threshold === null ? null : numeric(threshold))).toBe(
        expected,
      );
      expect(stockStateOf(false, numeric(quantity), null)).toBe('untracked');
    },
  );
});
