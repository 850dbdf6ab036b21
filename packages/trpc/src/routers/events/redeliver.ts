import { bodyObject, redeliverEvent, redeliverSchema, redeliveryResultSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { eventIdShape } from './get.ts';

export const redeliverEventProcedure = scopedProcedure('write:webhooks')
  .meta({
    idempotent: true,
    openapi: {
      method: 'POST',
      path: '/events/{id}/redeliver',
      tags: ['Webhooks'],
      summary: 'Deliver an event again',
      description:
        'To every enabled endpoint subscribed to its type, or to `endpointId` only, from a fresh retry schedule.',
    },
    errors: [
      {
        status: 404,
        description: 'No such event (not_found), or no such `endpointId` (webhook_endpoint_not_found).',
      },
      {
        status: 409,
        description:
          '`endpointId` is disabled (webhook_endpoint_disabled) or not subscribed to the event type (webhook_endpoint_not_subscribed).',
      },
    ],
  })
  .input(bodyObject({ ...eventIdShape, ...redeliverSchema.shape }))
  .output(recordEnvelopeSchema(redeliveryResultSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await redeliverEvent(ctx.em, ctx.principal.workspaceId, input.id, input.endpointId),
  }));
