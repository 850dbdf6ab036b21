import { listProducts, productListQuerySchema, productSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

export const listProductsProcedure = scopedProcedure('read:products')
  .meta({
    openapi: {
      method: 'GET',
      path: '/products',
      tags: ['Products'],
      summary: 'List products',
      description: 'Products of the workspace, by name. `q` searches name, reference and barcode.',
    },
  })
  .input(productListQuerySchema)
  .output(listEnvelopeSchema(productSchema))
  .query(async ({ ctx, input }) =>
    listEnvelope(await listProducts(ctx.em, ctx.principal.workspaceId, input)),
  );
