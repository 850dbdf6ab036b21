import { bodyObject, quoteDetailSchema, rejectQuote } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

/** Internal only (rulings, "Lifecycles"): SENT -> REJECTED, SENT_FOR_SIGNATURE -> REJECTED_SIGNATURE. */
export const rejectQuoteProcedure = scopedProcedure('write:quotes')
  .meta({ idempotent: true })
  .input(bodyObject(quoteIdShape))
  .output(recordEnvelopeSchema(quoteDetailSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await rejectQuote(ctx.em, ctx.principal.workspaceId, input.id),
  }));
