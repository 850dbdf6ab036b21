import {
  paymentCreateSchema,
  recordSupplierInvoicePayment,
  supplierInvoiceDetailSchema,
} from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings, "E-invoicing"): a payment of an approved supplier invoice. */
export const recordSupplierInvoicePaymentProcedure = scopedProcedure('write:purchases')
  .meta({ idempotent: true })
  .input(paymentCreateSchema.extend({ id: z.string() }))
  .output(recordEnvelopeSchema(supplierInvoiceDetailSchema))
  .mutation(async ({ ctx, input }) => {
    const { id, ...payment } = input;
    return { data: await recordSupplierInvoicePayment(ctx.em, ctx.principal.workspaceId, id, payment) };
  });
