import { z } from 'zod';
import { atMostStoredDecimals } from '../decimals/index.ts';
import { requiredText } from '../text/index.ts';
import { documentTotals } from './totals.ts';

/** A line as invoices and quotes take it (api-v1.md LineCreate). */
export const lineCreateSchema = z
  .object({
    title: requiredText(500),
    quantity: atMostStoredDecimals(z.number().gt(0).max(1e9)),
    unitPrice: atMostStoredDecimals(z.number().min(0).max(1e12)),
    taxRate: atMostStoredDecimals(z.number().min(0).max(100))
      .default(0)
      .meta({ description: 'VAT rate in percent, at most 4 decimal places; 0 when omitted.' }),
  })
  .meta({ id: 'LineCreate' });
export type LineCreate = z.output<typeof lineCreateSchema>;

/**
 * A document's total, VAT included, stays under 10^13: its amounts are stored as NUMERIC(18, 2)
 * and shown as JSON numbers, which keep every cent only up to 15 significant digits.
 */
export const documentTotalLimit = 1e13;

export const linesSchema = z
  .array(lineCreateSchema)
  .min(1)
  .max(100)
  .superRefine((lines, context) => {
    if (documentTotals(lines).total >= documentTotalLimit) {
      context.addIssue({
        code: 'custom',
        message: `the document total (VAT included) must be under ${documentTotalLimit}`,
      });
    }
  });

/** Three upper-case letters (ISO 4217 form); EUR when omitted. */
export const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, { error: 'currency must be exactly 3 letters' })
  .transform((code) => code.toUpperCase())
  .default('EUR');

const vatBreakdownSchema = z.object({ rate: z.number(), base: z.number(), vat: z.number() });

export const documentTotalsSchema = z
  .object({
    subtotal: z.number().meta({ description: 'Sum of the line net amounts, each rounded to the cent.' }),
    vat: z
      .array(vatBreakdownSchema)
      .meta({ description: 'VAT per rate, on the sum of that rate’s line nets.' }),
    taxTotal: z.number(),
    total: z.number(),
  })
  .meta({ id: 'DocumentTotals', description: 'EN 16931 totals (an addition to the contract’s fields).' });
