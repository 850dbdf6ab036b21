import { getInvoiceDocument } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { documentDownload, documentDownloadSchema } from '../../downloads.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const invoiceFacturXXmlProcedure = scopedProcedure('read:invoices')
  .meta({
    openapi: {
      method: 'GET',
      path: '/invoices/{id}/factur-x.xml',
      tags: ['Invoices'],
      summary: 'Download an invoice’s Factur-X XML',
      description:
        'The CII XML (EN 16931) of an issued invoice or a credit note: the same bytes as the `factur-x.xml` embedded in its PDF.',
    },
    download: { contentType: 'application/xml' },
    errors: [{ status: 409, description: 'A DRAFT is not an invoice and has no XML (invoice_not_issued).' }],
  })
  .input(z.object({ id: z.string().meta({ description: 'Invoice or credit note id (`inv_…`).' }) }))
  .output(recordEnvelopeSchema(documentDownloadSchema))
  .query(async ({ ctx, input }) => ({
    data: documentDownload(
      await getInvoiceDocument(ctx.em, ctx.principal.workspaceId, input.id, 'xml', ctx.render),
    ),
  }));
