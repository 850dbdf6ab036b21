import type { z } from 'zod';

/** Quantities, prices and rates are stored as NUMERIC(p, 4). */
export const storedDecimalPlaces = 4;

/**
 * The decimal places of a number as JavaScript writes it (`String(value)`), which is what
 * decimal.js's `new Decimal(value).decimalPlaces()` counts, without building a Decimal: a
 * 200-movement batch checks up to 400 numbers, twice (the transport's parse and the use case's).
 */
export function decimalPlacesOf(value: number): number {
  const text = String(value);
  const exponentAt = text.indexOf('e');
  const mantissa = exponentAt === -1 ? text : text.slice(0, exponentAt);
  const exponent = exponentAt === -1 ? 0 : Number(text.slice(exponentAt + 1));
  const pointAt = mantissa.indexOf('.');
  const fractionDigits = pointAt === -1 ? 0 : mantissa.length - pointAt - 1;
  return Math.max(0, fractionDigits - exponent);
}

/**
 * Refuses a number with more decimals than storage keeps: the database would round them away
 * (and could turn a positive quantity into 0), so the client hears of it instead.
 */
export function atMostStoredDecimals(schema: z.ZodNumber): z.ZodNumber {
  return schema
    .refine((value) => decimalPlacesOf(value) <= storedDecimalPlaces, {
      error: `at most ${storedDecimalPlaces} decimal places`,
    })
    .meta({ description: `At most ${storedDecimalPlaces} decimal places.` });
}

/**
 * A stored decimal as an exact count of its smallest unit (1 = 0.0001): stock arithmetic adds,
 * compares and averages these as bigints, exact at any size NUMERIC(18, 4) holds, where
 * decimal.js built and parsed several objects per movement (docs/benchmarks.md, "Stock writes,
 * part 3").
 */
export type StoredUnits = bigint;

const unitsPerOne = 10n ** BigInt(storedDecimalPlaces);
const plainDecimal = /^(-?)(\d+)(?:\.(\d{1,4}))?$/;

/**
 * The units of a stored decimal, as PostgreSQL writes a NUMERIC ("-12.5000") or as a validated
 * input holds it (a number of at most four decimal places). Anything else is a caller's bug.
 */
export function storedUnits(value: string | number): StoredUnits {
  const text = typeof value === 'number' ? numberText(value) : value;
  const match = plainDecimal.exec(text);
  if (!match) throw new RangeError(`not a decimal of at most ${storedDecimalPlaces} places: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const units = BigInt(whole) * unitsPerOne + BigInt(fraction.padEnd(storedDecimalPlaces, '0'));
  return sign === '-' ? -units : units;
}

/** A number written without an exponent (JavaScript writes 1e21 and above, and 1e-7 and below, with one). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const text = String(value);
  if (!text.includes('e')) return text;
  // Any value with at most four places and an exponent is a whole number (1e21 and above).
  return Number.isInteger(value) ? BigInt(value).toString() : text;
}

/** The decimal text of `units`, trailing zeros dropped ("12.5", "-3", "0.0001"), as decimal.js writes it. */
export function storedText(units: StoredUnits): string {
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const whole = magnitude / unitsPerOne;
  const fraction = magnitude % unitsPerOne;
  let text = `${whole}`;
  if (fraction !== 0n) text += `.${`${fraction}`.padStart(storedDecimalPlaces, '0').replace(/0+$/, '')}`;
  return negative ? `-${text}` : text;
}

/** The nearest number to `units` (what a JSON body shows). */
export function storedNumber(units: StoredUnits): number {
  return Number(storedText(units));
}

/**
 * `dividend / divisor` rounded to the nearest integer, halves away from zero (decimal.js's
 * ROUND_HALF_UP). A product of two units values divided by units is in units again.
 */
export function divideRoundingHalfUp(dividend: bigint, divisor: bigint): bigint {
  if (divisor === 0n) throw new RangeError('division by zero');
  const negative = dividend < 0n !== divisor < 0n;
  const numerator = dividend < 0n ? -dividend : dividend;
  const denominator = divisor < 0n ? -divisor : divisor;
  const quotient = (2n * numerator + denominator) / (2n * denominator);
  return negative ? -quotient : quotient;
}
