import { createEndpoint, endpointCreateSchema, endpointWithSecretSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const createEndpointProcedure = scopedProcedure('write:webhooks')
  .meta({
    openapi: {
      method: 'POST',
      path: '/webhook-endpoints',
      tags: ['Webhooks'],
      summary: 'Register a webhook endpoint',
      description:
        'Events are POSTed to `url`, signed per Standard Webhooks with the returned `secret` (shown only here). With an `Idempotency-Key`, a retried registration replays the first answer, secret included, instead of registering a second endpoint.',
    },
    successStatus: 201,
    idempotent: true,
    answerHoldsSecret: true,
  })
  .input(endpointCreateSchema)
  .output(recordEnvelopeSchema(endpointWithSecretSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await createEndpoint(ctx.em, ctx.principal.workspaceId, input, ctx.keyring, ctx.webhookTargets),
  }));
