import { createProduct, productCreateSchema, productSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: the public API cannot create products (api-v1.md section 1). */
export const createProductProcedure = scopedProcedure('write:products')
  .meta({ idempotent: true, successStatus: 201 })
  .input(productCreateSchema)
  .output(recordEnvelopeSchema(productSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await createProduct(ctx.em, ctx.principal.workspaceId, input),
  }));
