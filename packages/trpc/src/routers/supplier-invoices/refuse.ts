import {
  refuseSupplierInvoice,
  supplierInvoiceDetailSchema,
  supplierInvoiceRefuseSchema,
} from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings, "E-invoicing"): received -> refused, the platform told (Refusée 210). */
export const refuseSupplierInvoiceProcedure = scopedProcedure('write:purchases')
  .meta({ idempotent: true })
  .input(supplierInvoiceRefuseSchema.extend({ id: z.string() }))
  .output(recordEnvelopeSchema(supplierInvoiceDetailSchema))
  .mutation(async ({ ctx, input }) => {
    const { id, ...refusal } = input;
    return { data: await refuseSupplierInvoice(ctx.em, ctx.principal.workspaceId, id, refusal) };
  });
