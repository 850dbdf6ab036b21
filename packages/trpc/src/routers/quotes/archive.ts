import { archiveQuote, bodyObject, quoteDetailSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

/** Internal only (rulings, "Lifecycles"): any status but DRAFT -> ARCHIVED. */
export const archiveQuoteProcedure = scopedProcedure('write:quotes')
  .meta({ idempotent: true })
  .input(bodyObject(quoteIdShape))
  .output(recordEnvelopeSchema(quoteDetailSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await archiveQuote(ctx.em, ctx.principal.workspaceId, input.id),
  }));
