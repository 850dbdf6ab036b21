import { invoiceListQuerySchema, invoiceSchema, listEnvelopeSchema, listInvoices } from '@comptoir/core';
import { scopedProcedure } from '../../init.ts';

export const listInvoicesProcedure = scopedProcedure('read:invoices')
  .meta({
    openapi: {
      method: 'GET',
      path: '/invoices',
      tags: ['Invoices'],
      summary: 'List invoices',
      description: 'Newest first, optionally of one status.',
    },
  })
  .input(invoiceListQuerySchema)
  .output(listEnvelopeSchema(invoiceSchema))
  .query(({ ctx, input }) => listInvoices(ctx.em, ctx.principal.workspaceId, input));
