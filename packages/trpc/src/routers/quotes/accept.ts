import { acceptQuote, quoteAcceptSchema, quoteDetailSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

/** Internal only (rulings, "Lifecycles"): SENT or SENT_FOR_SIGNATURE -> ACCEPTED. */
export const acceptQuoteProcedure = scopedProcedure('write:quotes')
  .meta({ idempotent: true })
  .input(quoteAcceptSchema.extend(quoteIdShape))
  .output(recordEnvelopeSchema(quoteDetailSchema))
  .mutation(async ({ ctx, input }) => {
    const { id, ...acceptance } = input;
    return { data: await acceptQuote(ctx.em, ctx.principal.workspaceId, id, acceptance) };
  });
