import { invoiceListQuerySchema, invoiceSchema, listInvoices } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

export const listInvoicesProcedure = scopedProcedure('read:invoices')
  .meta({
    openapi: {
      method: 'GET',
      path: '/invoices',
      tags: ['Invoices'],
      summary: 'List invoices',
      description:
        'Newest first, optionally of one status. `q` searches the number, the client’s name and `clientCompany` (case and accents aside), with `status` when both are given.',
    },
  })
  .input(invoiceListQuerySchema)
  .output(listEnvelopeSchema(invoiceSchema))
  .query(async ({ ctx, input }) =>
    listEnvelope(await listInvoices(ctx.em, ctx.principal.workspaceId, input)),
  );
