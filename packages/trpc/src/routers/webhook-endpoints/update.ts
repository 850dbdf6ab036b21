import { bodyObject, endpointSchema, endpointUpdateSchema, updateEndpoint } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { endpointIdShape } from './id.ts';

export const updateEndpointProcedure = scopedProcedure('write:webhooks')
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/webhook-endpoints/{id}',
      tags: ['Webhooks'],
      summary: 'Change a webhook endpoint',
      description: '`status: "enabled"` re-enables an endpoint disabled by hand, by a 410 or by failing.',
    },
    idempotent: true,
  })
  .input(bodyObject({ ...endpointIdShape, ...endpointUpdateSchema.shape }))
  .output(recordEnvelopeSchema(endpointSchema))
  .mutation(async ({ ctx, input: { id, ...patch } }) => ({
    data: await updateEndpoint(ctx.em, ctx.principal.workspaceId, id, patch, ctx.webhookTargets),
  }));
