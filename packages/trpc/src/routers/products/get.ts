import { getProduct, productSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const getProductProcedure = scopedProcedure('read:products')
  .meta({
    openapi: { method: 'GET', path: '/products/{id}', tags: ['Products'], summary: 'Get a product' },
  })
  .input(z.object({ id: z.string().meta({ description: 'Product id (`prd_…`).' }) }))
  .output(recordEnvelopeSchema(productSchema))
  .query(async ({ ctx, input }) => ({ data: await getProduct(ctx.em, ctx.principal.workspaceId, input.id) }));
