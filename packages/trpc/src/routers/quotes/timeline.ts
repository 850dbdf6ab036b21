import { eventSchema, quoteTimeline } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: what happened to a quote, oldest first, at most 200 events. */
export const quoteTimelineProcedure = scopedProcedure('read:quotes')
  .input(z.object({ id: z.string().meta({ description: 'Quote id (`quo_…`).' }) }))
  .output(recordEnvelopeSchema(z.array(eventSchema)))
  .query(async ({ ctx, input }) => ({
    data: await quoteTimeline(ctx.em, ctx.principal.workspaceId, input.id),
  }));
