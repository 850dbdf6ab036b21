import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { atMostStoredDecimals } from '../decimals/index.ts';
import { pageQueryShape, queryBoolean } from '../paging/index.ts';
import { requiredText } from '../text/index.ts';

export const stockStates = ['ok', 'low', 'out', 'untracked'] as const;
export type StockState = (typeof stockStates)[number];

export const productSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    reference: z.string().nullable(),
    barcode: z.string().nullable(),
    unit: z.string().nullable(),
    unitPrice: z.number().meta({ description: 'Unit selling price, in euros.' }),
    costPrice: z.number().meta({ description: 'Unit purchase cost (weighted average), in euros.' }),
    taxRate: z.number(),
    supplierId: z.string().nullable(),
    trackStock: z.boolean(),
    stockQuantity: z
      .number()
      .nullable()
      .meta({ description: 'Current stock; null when trackStock is false.' }),
    stockThreshold: z.number().nullable().meta({ description: 'Low-stock alert threshold.' }),
    stockState: z.enum(stockStates).meta({
      description:
        '`untracked` when trackStock is false; else `out` at or below zero; else `low` at or below the threshold; else `ok`.',
    }),
    updatedAt: z.iso.datetime(),
    archivedAt: z.iso.datetime().nullable().meta({
      description:
        'When the product was archived: it is then out of lists, searches and stock changes; null while live.',
    }),
  })
  .meta({ id: 'Product' });
export type ProductView = z.infer<typeof productSchema>;

export const productListQuerySchema = z.object({
  ...pageQueryShape,
  trackStock: queryBoolean
    .optional()
    .meta({ description: '`true`: tracked products only; `false`: untracked only.' }),
  supplierId: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .meta({ description: 'Products of this supplier (a company id).' }),
  q: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Case- and accent-insensitive substring of the name, reference or barcode.' }),
});
export type ProductListQuery = z.output<typeof productListQuerySchema>;

// NUMERIC(18, 4) holds 14 integer digits: bounding inputs keeps an overflow from becoming a 500.
const amount = atMostStoredDecimals(z.number().min(0).max(1e12));
const quantity = atMostStoredDecimals(z.number().min(-1e12).max(1e12));
const rate = atMostStoredDecimals(z.number().min(0).max(100));

/** A product as operators and internal apps create it (the public API cannot). */
export const productCreateSchema = bodyObject({
  name: requiredText(200),
  reference: requiredText(100).nullish(),
  barcode: requiredText(64).nullish(),
  unit: requiredText(32).nullish(),
  unitPrice: amount.default(0),
  costPrice: amount.default(0),
  taxRate: rate.default(0),
  supplierId: z.string().min(1).nullish(),
  trackStock: z.boolean().default(false),
  stockQuantity: quantity.nullish(),
  stockThreshold: amount.nullish(),
})
  .superRefine((product, ctx) => {
    if (!product.trackStock && product.stockQuantity != null) {
      ctx.addIssue({
        code: 'custom',
        path: ['stockQuantity'],
        message: 'stockQuantity needs trackStock: true',
      });
    }
  })
  .meta({ id: 'ProductCreate' });
export type ProductCreate = z.input<typeof productCreateSchema>;
export type ProductCreateData = z.output<typeof productCreateSchema>;

export const productUpdateSchema = bodyObject({
  name: requiredText(200),
  reference: requiredText(100).nullable(),
  barcode: requiredText(64).nullable(),
  unit: requiredText(32).nullable(),
  unitPrice: amount,
  taxRate: rate,
  supplierId: z.string().min(1).nullable(),
  trackStock: z.boolean(),
  stockThreshold: amount.nullable(),
})
  .partial()
  .meta({ id: 'ProductUpdate' });
export type ProductUpdate = z.input<typeof productUpdateSchema>;
export type ProductUpdateData = z.output<typeof productUpdateSchema>;
