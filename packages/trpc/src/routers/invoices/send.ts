import { invoiceDetailSchema, invoiceSendSchema, sendInvoice } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings, "Lifecycles"): DRAFT -> SENT, no e-mail. */
export const sendInvoiceProcedure = scopedProcedure('write:invoices')
  .meta({ idempotent: true })
  .input(invoiceSendSchema.extend({ id: z.string() }))
  .output(recordEnvelopeSchema(invoiceDetailSchema))
  .mutation(async ({ ctx, input }) => {
    const { id, ...send } = input;
    return { data: await sendInvoice(ctx.em, ctx.principal.workspaceId, id, send) };
  });
