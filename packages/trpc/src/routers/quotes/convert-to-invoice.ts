import { bodyObject, convertQuoteToInvoice, quoteDetailSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

/** Internal only (rulings, "Lifecycles"): an ACCEPTED quote becomes a new DRAFT invoice; answers the quote with its invoiceId. */
export const convertQuoteToInvoiceProcedure = scopedProcedure('write:quotes')
  .meta({ idempotent: true })
  .input(bodyObject(quoteIdShape))
  .output(recordEnvelopeSchema(quoteDetailSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await convertQuoteToInvoice(ctx.em, ctx.principal.workspaceId, input.id),
  }));
