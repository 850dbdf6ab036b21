import { endpointListQuerySchema, endpointSchema, listEndpoints, listEnvelopeSchema } from '@comptoir/core';
import { scopedProcedure } from '../../init.ts';

export const listEndpointsProcedure = scopedProcedure('read:webhooks')
  .meta({
    openapi: {
      method: 'GET',
      path: '/webhook-endpoints',
      tags: ['Webhooks'],
      summary: 'List webhook endpoints',
    },
  })
  .input(endpointListQuerySchema)
  .output(listEnvelopeSchema(endpointSchema))
  .query(({ ctx, input }) => listEndpoints(ctx.em, ctx.principal.workspaceId, input));
