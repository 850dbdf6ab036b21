import { eventSchema, getEvent } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const eventIdShape = { id: z.string().meta({ description: 'Event id (`evt_…`).' }) };

export const getEventProcedure = scopedProcedure('read:webhooks')
  .meta({ openapi: { method: 'GET', path: '/events/{id}', tags: ['Webhooks'], summary: 'Get an event' } })
  .input(z.object(eventIdShape))
  .output(recordEnvelopeSchema(eventSchema))
  .query(async ({ ctx, input }) => ({ data: await getEvent(ctx.em, ctx.principal.workspaceId, input.id) }));
