import { invoiceDetailSchema, invoiceUpdateSchema, updateInvoice } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings, "Lifecycles"): the public API has no invoice update. */
export const updateInvoiceProcedure = scopedProcedure('draft:invoices')
  .meta({ idempotent: true })
  .input(invoiceUpdateSchema.extend({ id: z.string() }))
  .output(recordEnvelopeSchema(invoiceDetailSchema))
  .mutation(async ({ ctx, input }) => {
    const { id, ...patch } = input;
    return { data: await updateInvoice(ctx.em, ctx.principal.workspaceId, id, patch) };
  });
