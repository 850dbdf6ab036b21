import { bodyObject, quoteDetailSchema, requestQuoteSignature } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

/** Internal only (rulings, "Lifecycles"): SENT -> SENT_FOR_SIGNATURE. */
export const requestQuoteSignatureProcedure = scopedProcedure('write:quotes')
  .meta({ idempotent: true })
  .input(bodyObject(quoteIdShape))
  .output(recordEnvelopeSchema(quoteDetailSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await requestQuoteSignature(ctx.em, ctx.principal.workspaceId, input.id),
  }));
