import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { atMostStoredDecimals } from '../decimals/index.ts';
import { requiredText } from '../text/index.ts';
import { documentAmounts } from './totals.ts';

/** A line as invoices and quotes take it (api-v1.md LineCreate). */
export const lineCreateSchema = bodyObject({
  title: requiredText(500),
  quantity: atMostStoredDecimals(z.number().gt(0).max(1e9)),
  unitPrice: atMostStoredDecimals(z.number().min(0).max(1e12)),
  taxRate: atMostStoredDecimals(z.number().min(0).max(100))
    .default(0)
    .meta({ description: 'VAT rate in percent, at most 4 decimal places; 0 when omitted.' }),
  unit: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .optional()
    .meta({ description: 'The unit of the quantity (`h`, `kg`, `pièce`); none when omitted.' }),
  discountPercent: atMostStoredDecimals(z.number().min(0).max(100))
    .optional()
    .meta({ description: 'Percent off this line, 0 when omitted.' }),
}).meta({ id: 'LineCreate' });
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
    if (documentAmounts(lines).total >= documentTotalLimit) {
      context.addIssue({
        code: 'custom',
        message: `the document total (VAT included) must be under ${documentTotalLimit}`,
      });
    }
  });

/** The client's company on an invoice or a quote, as creates and updates take it: null for none. */
export const clientCompanySchema = requiredText(200)
  .nullable()
  .meta({ description: 'The client’s company (its name); null for none.' });

/** Three upper-case letters (ISO 4217 form); EUR when omitted. */
export const currencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, { error: 'currency must be exactly 3 letters' })
  .transform((code) => code.toUpperCase())
  .default('EUR');

const taxEntrySchema = z.object({
  rate: z.number().meta({ description: 'VAT rate in percent.' }),
  base: z.number().meta({ description: 'The lines of this rate, less their share of the discount.' }),
  amount: z.number().meta({ description: 'VAT at this rate on that base, rounded to the cent.' }),
});

export const documentTotalsSchema = z
  .object({
    subtotal: z.number().meta({ description: 'Sum of the line net amounts, each rounded to the cent.' }),
    discountAmount: z
      .number()
      .meta({ description: 'The document discount, taken per VAT rate and rounded to the cent.' }),
    taxes: z.array(taxEntrySchema).meta({ description: 'VAT per rate, in increasing rate order.' }),
    total: z.number().meta({ description: 'subtotal − discountAmount + the taxes.' }),
    paid: z.number().meta({ description: 'Sum of the payments recorded (0 for a quote).' }),
    balance: z.number().meta({ description: 'total − paid.' }),
  })
  .meta({
    id: 'DocumentTotals',
    description: 'EN 16931 totals, in decimal arithmetic (an addition to the contract’s fields).',
  });

/** A line as a document's read shows it (api-v1.md QuoteLine, and invoice lines alike). */
export const documentLineSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  description: z.string().meta({ description: 'The line’s label, sent as `title`.' }),
  quantity: z.number(),
  unitPrice: z.number(),
  unit: z.string().nullable(),
  discountPercent: z.number(),
  taxRate: z.number(),
  netAmount: z
    .number()
    .meta({ description: 'quantity × unitPrice less the line discount, rounded to the cent.' }),
});
export type DocumentLineView = z.infer<typeof documentLineSchema>;
