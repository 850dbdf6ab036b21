import { endpointSchema, getEndpoint } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { endpointIdShape } from './id.ts';

export const getEndpointProcedure = scopedProcedure('read:webhooks')
  .meta({
    openapi: {
      method: 'GET',
      path: '/webhook-endpoints/{id}',
      tags: ['Webhooks'],
      summary: 'Get a webhook endpoint',
    },
  })
  .input(z.object(endpointIdShape))
  .output(recordEnvelopeSchema(endpointSchema))
  .query(async ({ ctx, input }) => ({
    data: await getEndpoint(ctx.em, ctx.principal.workspaceId, input.id),
  }));
