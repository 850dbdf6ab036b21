import { z } from 'zod';
import { bodyObject } from '../bodies/index.ts';
import { atMostStoredDecimals } from '../decimals/index.ts';
import { pageQueryShape } from '../paging/index.ts';

const quantityLimit = 1e12;

const stockQuantity = (min: number) => atMostStoredDecimals(z.number().min(min).max(quantityLimit));

export const productAdjustSchema = bodyObject({
  countedQuantity: stockQuantity(0).meta({ description: 'The physically counted quantity (0 or more).' }),
  note: z.string().max(280).optional().meta({ description: 'Why, or who counted; kept in the ledger.' }),
  expectedQuantity: stockQuantity(-quantityLimit).optional().meta({
    description:
      'Compare-and-set: apply only if the current stock still equals this quantity; else 409 `stock_quantity_mismatch`.',
  }),
}).meta({ id: 'ProductAdjust' });
export type ProductAdjust = z.output<typeof productAdjustSchema>;

export const adjustResultSchema = z
  .object({
    productId: z.string(),
    before: z.number(),
    after: z.number(),
    delta: z.number(),
    movementId: z.string().meta({ description: 'The ledger entry (`mov_…`).' }),
  })
  .meta({ id: 'AdjustResult' });
export type AdjustResult = z.infer<typeof adjustResultSchema>;

export const stockMovementInputSchema = bodyObject({
  productId: z.string().min(1).max(64),
  quantity: stockQuantity(-quantityLimit)
    .refine((quantity) => quantity !== 0, { error: 'quantity must not be 0' })
    .meta({
      description: 'Signed: positive = entry, negative = exit; never 0.',
      override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
        jsonSchema.not = { const: 0 };
      },
    }),
  reason: z.string().max(280).optional(),
  refKind: z.string().max(60).optional().meta({ description: 'Free kind of the source document.' }),
  refId: z.string().max(120).optional(),
  unitCost: stockQuantity(0)
    .optional()
    .meta({ description: 'Unit cost of an entry; updates costPrice as a weighted average.' }),
}).meta({ id: 'StockMovementInput' });
export type StockMovementInput = z.output<typeof stockMovementInputSchema>;

export const maxMovementsPerBatch = 200;

export const stockMovementsRequestSchema = bodyObject({
  movements: z
    .array(stockMovementInputSchema)
    .min(1, { error: 'a batch holds 1 to 200 movements' })
    .max(maxMovementsPerBatch, { error: 'a batch holds 1 to 200 movements' }),
}).meta({ id: 'StockMovementsRequest' });
export type StockMovementsRequest = z.output<typeof stockMovementsRequestSchema>;

/** Per-movement refusals of a batch (rulings: "Stock"). */
export const movementErrors = [
  'product_not_found',
  'product_archived',
  'stock_not_tracked',
  'negative_stock_blocked',
  'quantity_out_of_range',
] as const;
export type MovementError = (typeof movementErrors)[number];

export const appliedMovementSchema = z
  .object({
    index: z.number().int().meta({ description: 'Position of the movement in the request.' }),
    productId: z.string(),
    before: z.number(),
    after: z.number(),
    delta: z.number(),
    movementId: z.string(),
  })
  .meta({ id: 'AppliedMovement' });

export const movementErrorSchema = z
  .object({
    index: z.number().int().meta({ description: 'Position of the movement in the request.' }),
    productId: z.string(),
    error: z.enum(movementErrors),
  })
  .meta({ id: 'MovementError' });

export const stockMovementsResultSchema = z
  .object({ applied: z.array(appliedMovementSchema), errors: z.array(movementErrorSchema) })
  .meta({ id: 'StockMovementsResult' });
export type StockMovementsResult = z.infer<typeof stockMovementsResultSchema>;

export const movementKinds = ['adjustment', 'movement'] as const;

export const ledgerEntrySchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    kind: z.enum(movementKinds).meta({
      description: '`adjustment`: a count (POST /products/{id}/adjust); `movement`: POST /stock-movements.',
    }),
    before: z.number(),
    after: z.number(),
    delta: z.number(),
    reason: z.string().nullable().meta({ description: "A movement's reason, or an adjustment's note." }),
    refKind: z.string().nullable(),
    refId: z.string().nullable(),
    unitCost: z.number().nullable(),
    apiKeyId: z
      .string()
      .nullable()
      .meta({ description: 'The key that made the change (null: an operator).' }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'StockLedgerEntry' });
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

const instant = z.iso.datetime({
  offset: true,
  error: 'an ISO 8601 date-time, such as 2026-11-21T09:00:00Z',
});

export const ledgerQuerySchema = z.object({
  ...pageQueryShape,
  productId: z.string().min(1).max(64).optional().meta({ description: 'Entries of this product only.' }),
  from: instant.optional().meta({ description: 'Entries made at or after this instant.' }),
  to: instant.optional().meta({ description: 'Entries made before this instant.' }),
});
export type LedgerQuery = z.output<typeof ledgerQuerySchema>;

/** Who made a change: the API key, or null for an operator (CLI). */
export interface StockActor {
  apiKeyId: string | null;
}
