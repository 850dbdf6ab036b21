import { eventListQuerySchema, eventSchema, listEvents } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

export const listEventsProcedure = scopedProcedure('read:webhooks')
  .meta({
    openapi: {
      method: 'GET',
      path: '/events',
      tags: ['Webhooks'],
      summary: 'List events',
      description: 'Every event the workspace recorded, newest first, as webhooks deliver them.',
    },
  })
  .input(eventListQuerySchema)
  .output(listEnvelopeSchema(eventSchema))
  .query(async ({ ctx, input }) => listEnvelope(await listEvents(ctx.em, ctx.principal.workspaceId, input)));
