import { adjustResultSchema, adjustStock, bodyObject, productAdjustSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const adjustProductProcedure = scopedProcedure('write:products')
  .meta({
    openapi: {
      method: 'POST',
      path: '/products/{id}/adjust',
      tags: ['Stock'],
      summary: 'Set the stock to a counted quantity',
      description:
        'The service computes `delta` against the current stock, writes a ledger entry (even for a delta of 0) and records `stock.adjusted`, plus `stock.low` / `stock.out` when the product enters that state.',
    },
    idempotent: true,
    errors: [
      { status: 409, description: '`expectedQuantity` differs from the stock (stock_quantity_mismatch).' },
      { status: 422, description: 'The product does not track stock (stock_adjust_failed).' },
      { status: 422, description: 'The product is archived (product_archived).' },
    ],
  })
  .input(
    bodyObject({
      id: z.string().meta({ description: 'Product id (`prd_…`).' }),
      ...productAdjustSchema.shape,
    }),
  )
  .output(recordEnvelopeSchema(adjustResultSchema))
  .mutation(async ({ ctx, input: { id, ...adjust } }) => ({
    data: await adjustStock(
      ctx.em,
      ctx.principal.workspaceId,
      { apiKeyId: ctx.principal.keyId },
      id,
      adjust,
      ctx.keyedWrite,
    ),
  }));
