import { bodyObject, productSchema, restoreProduct } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings: "Lifecycles"): the public API cannot change products. */
export const restoreProductProcedure = scopedProcedure('write:products')
  .meta({ idempotent: true })
  .input(bodyObject({ id: z.string().meta({ description: 'Product id (`prd_…`).' }) }))
  .output(recordEnvelopeSchema(productSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await restoreProduct(ctx.em, ctx.principal.workspaceId, input.id),
  }));
