import { eventListQuerySchema, eventSchema, listEnvelopeSchema, listEvents } from '@comptoir/core';
import { scopedProcedure } from '../../init.ts';

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
  .query(({ ctx, input }) => listEvents(ctx.em, ctx.principal.workspaceId, input));
