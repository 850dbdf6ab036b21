import { bodyObject, productSchema, productUpdateSchema, updateProduct } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: the public API cannot change products (api-v1.md section 1). */
export const updateProductProcedure = scopedProcedure('write:products')
  .meta({ idempotent: true })
  .input(bodyObject({ id: z.string(), patch: productUpdateSchema }))
  .output(recordEnvelopeSchema(productSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await updateProduct(ctx.em, ctx.principal.workspaceId, input.id, input.patch),
  }));
