import { bodyObject, deleteEndpoint } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { endpointIdShape } from './id.ts';

export const deleteEndpointProcedure = scopedProcedure('write:webhooks')
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/webhook-endpoints/{id}',
      tags: ['Webhooks'],
      summary: 'Delete a webhook endpoint',
      description:
        'It receives nothing more, including deliveries still pending. With an `Idempotency-Key`, a retried deletion replays the first answer instead of a 404.',
    },
    idempotent: true,
  })
  .input(bodyObject(endpointIdShape))
  .output(recordEnvelopeSchema(z.object({ ok: z.literal(true) })))
  .mutation(async ({ ctx, input }) => {
    await deleteEndpoint(ctx.em, ctx.principal.workspaceId, input.id);
    return { data: { ok: true as const } };
  });
