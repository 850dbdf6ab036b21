import { getSupplierInvoiceOriginal } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { documentDownload, documentDownloadSchema } from '../../downloads.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const supplierInvoiceOriginalProcedure = scopedProcedure('read:purchases')
  .meta({
    openapi: {
      method: 'GET',
      path: '/supplier-invoices/{id}/original',
      tags: ['Supplier invoices'],
      summary: 'Download a supplier invoice as received',
      description:
        'The file byte for byte as the platform delivered it (a Factur-X PDF, a CII or UBL XML, or what could not be read), `ETag` its SHA-256.',
    },
    download: { contentType: ['application/pdf', 'application/xml', 'application/octet-stream'] },
  })
  .input(z.object({ id: z.string().meta({ description: 'Supplier invoice id (`sinv_…`).' }) }))
  .output(recordEnvelopeSchema(documentDownloadSchema))
  .query(async ({ ctx, input }) => ({
    data: documentDownload(await getSupplierInvoiceOriginal(ctx.em, ctx.principal.workspaceId, input.id)),
  }));
