import { getSupplierInvoice, supplierInvoiceDetailSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const getSupplierInvoiceProcedure = scopedProcedure('read:purchases')
  .meta({
    openapi: {
      method: 'GET',
      path: '/supplier-invoices/{id}',
      tags: ['Supplier invoices'],
      summary: 'Get a supplier invoice',
      description:
        'With its lines, payments, the original file’s name, type and SHA-256, and its stock reception.',
    },
  })
  .input(z.object({ id: z.string().meta({ description: 'Supplier invoice id (`sinv_…`).' }) }))
  .output(recordEnvelopeSchema(supplierInvoiceDetailSchema))
  .query(async ({ ctx, input }) => ({
    data: await getSupplierInvoice(ctx.em, ctx.principal.workspaceId, input.id),
  }));
