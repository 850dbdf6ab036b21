import {
  recordEnvelopeSchema,
  redeliverEvent,
  redeliverSchema,
  redeliveryResultSchema,
} from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../init.ts';
import { eventIdShape } from './get.ts';

export const redeliverEventProcedure = scopedProcedure('write:webhooks')
  .meta({
    openapi: {
      method: 'POST',
      path: '/events/{id}/redeliver',
      tags: ['Webhooks'],
      summary: 'Deliver an event again',
      description:
        'To every enabled endpoint subscribed to its type, or to `endpointId` only, from a fresh retry schedule.',
    },
  })
  .input(z.object({ ...eventIdShape, ...redeliverSchema.shape }))
  .output(recordEnvelopeSchema(redeliveryResultSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await redeliverEvent(ctx.em, ctx.principal.workspaceId, input.id, input.endpointId),
  }));
