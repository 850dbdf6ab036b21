import { bodyObject, cancelInvoice, invoiceDetailSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings, "Lifecycles"): a DRAFT is cancelled, an issued invoice by a credit note. */
export const cancelInvoiceProcedure = scopedProcedure('write:invoices')
  .meta({ idempotent: true })
  .input(bodyObject({ id: z.string() }))
  .output(recordEnvelopeSchema(invoiceDetailSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await cancelInvoice(ctx.em, ctx.principal.workspaceId, input.id),
  }));
