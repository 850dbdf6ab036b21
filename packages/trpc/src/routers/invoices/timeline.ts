import { eventSchema, invoiceTimeline } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/**
 * Internal only: what happened to an invoice or a credit note, oldest first, at most 200 events
 * (its own, and the credit note's that name it).
 */
export const invoiceTimelineProcedure = scopedProcedure('read:invoices')
  .input(z.object({ id: z.string().meta({ description: 'Invoice or credit note id (`inv_…`).' }) }))
  .output(recordEnvelopeSchema(z.array(eventSchema)))
  .query(async ({ ctx, input }) => ({
    data: await invoiceTimeline(ctx.em, ctx.principal.workspaceId, input.id),
  }));
