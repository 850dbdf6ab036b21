import { createInvoice, invoiceCreateSchema, invoiceSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const createInvoiceProcedure = scopedProcedure('draft:invoices')
  .meta({
    idempotent: true,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/invoices',
      tags: ['Invoices'],
      summary: 'Create an invoice',
      description:
        'A DRAFT invoice numbered `INV-<year>-<00001>` (continuous per workspace), due in 30 days, titled after its first line.',
    },
  })
  .input(invoiceCreateSchema)
  .output(recordEnvelopeSchema(invoiceSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await createInvoice(ctx.em, ctx.principal.workspaceId, input),
  }));
