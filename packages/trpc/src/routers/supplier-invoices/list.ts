import { listSupplierInvoices, supplierInvoiceListQuerySchema, supplierInvoiceSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

export const listSupplierInvoicesProcedure = scopedProcedure('read:purchases')
  .meta({
    openapi: {
      method: 'GET',
      path: '/supplier-invoices',
      tags: ['Supplier invoices'],
      summary: 'List supplier invoices',
      description:
        'The invoices suppliers sent through the e-invoicing platform, newest first; optionally of one status, or matching `q` (supplier name, number, SIREN).',
    },
  })
  .input(supplierInvoiceListQuerySchema)
  .output(listEnvelopeSchema(supplierInvoiceSchema))
  .query(async ({ ctx, input }) =>
    listEnvelope(await listSupplierInvoices(ctx.em, ctx.principal.workspaceId, input)),
  );
