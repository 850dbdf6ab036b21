import { bodyObject, endpointWithSecretSchema, rotateEndpointSecret } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { endpointIdShape } from './id.ts';

export const rotateSecretProcedure = scopedProcedure('write:webhooks')
  .meta({
    openapi: {
      method: 'POST',
      path: '/webhook-endpoints/{id}/rotate-secret',
      tags: ['Webhooks'],
      summary: 'Rotate the signing secret',
      description:
        'Returns the new secret. For 24 hours the old one keeps signing too: `webhook-signature` carries both signatures. With an `Idempotency-Key`, a retried rotation replays the first answer instead of rotating again (which would end the old secret, still the receiver’s, at once).',
    },
    idempotent: true,
    answerHoldsSecret: true,
  })
  .input(bodyObject(endpointIdShape))
  .output(recordEnvelopeSchema(endpointWithSecretSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await rotateEndpointSecret(ctx.em, ctx.principal.workspaceId, input.id, ctx.keyring),
  }));
