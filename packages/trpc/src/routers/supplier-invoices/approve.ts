import { approveSupplierInvoice, bodyObject, supplierInvoiceDetailSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings, "E-invoicing"): received -> approved. */
export const approveSupplierInvoiceProcedure = scopedProcedure('write:purchases')
  .meta({ idempotent: true })
  .input(bodyObject({ id: z.string() }))
  .output(recordEnvelopeSchema(supplierInvoiceDetailSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await approveSupplierInvoice(ctx.em, ctx.principal.workspaceId, input.id),
  }));
