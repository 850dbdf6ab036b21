import { Decimal } from 'decimal.js';
import type { z } from 'zod';

/** Quantities, prices and rates are stored as NUMERIC(p, 4). */
export const storedDecimalPlaces = 4;

/**
 * Refuses a number with more decimals than storage keeps: the database would round them away
 * (and could turn a positive quantity into 0), so the client hears of it instead.
 */
export function atMostStoredDecimals(schema: z.ZodNumber): z.ZodNumber {
  return schema
    .refine((value) => new Decimal(value).decimalPlaces() <= storedDecimalPlaces, {
      error: `at most ${storedDecimalPlaces} decimal places`,
    })
    .meta({ description: `At most ${storedDecimalPlaces} decimal places.` });
}
