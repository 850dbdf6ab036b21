import { invoiceDetailSchema, paymentCreateSchema, recordInvoicePayment } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings, "Lifecycles"): a payment on a SENT, PARTIAL or OVERDUE invoice. */
export const recordInvoicePaymentProcedure = scopedProcedure('write:invoices')
  .meta({ idempotent: true })
  .input(paymentCreateSchema.extend({ id: z.string() }))
  .output(recordEnvelopeSchema(invoiceDetailSchema))
  .mutation(async ({ ctx, input }) => {
    const { id, ...payment } = input;
    return { data: await recordInvoicePayment(ctx.em, ctx.principal.workspaceId, id, payment) };
  });
