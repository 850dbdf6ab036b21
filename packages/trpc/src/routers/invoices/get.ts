import { getInvoice, invoiceDetailSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const getInvoiceProcedure = scopedProcedure('read:invoices')
  .meta({
    openapi: {
      method: 'GET',
      path: '/invoices/{id}',
      tags: ['Invoices'],
      summary: 'Get an invoice',
      description: 'With its lines.',
    },
  })
  .input(z.object({ id: z.string().meta({ description: 'Invoice id (`inv_…`).' }) }))
  .output(recordEnvelopeSchema(invoiceDetailSchema))
  .query(async ({ ctx, input }) => ({ data: await getInvoice(ctx.em, ctx.principal.workspaceId, input.id) }));
