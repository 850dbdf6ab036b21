import { endpointListQuerySchema, endpointSchema, listEndpoints } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

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
  .query(async ({ ctx, input }) =>
    listEnvelope(await listEndpoints(ctx.em, ctx.principal.workspaceId, input)),
  );
