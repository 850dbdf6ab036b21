import { getInvoiceDocument } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { documentDownload, documentDownloadSchema } from '../../downloads.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const invoicePdfProcedure = scopedProcedure('read:invoices')
  .meta({
    openapi: {
      method: 'GET',
      path: '/invoices/{id}/pdf',
      tags: ['Invoices'],
      summary: 'Download an invoice as PDF',
      description:
        'An issued invoice or a credit note: the Factur-X PDF/A-3 (profile EN 16931) with the CII XML embedded as `factur-x.xml`, rendered once after issue and served byte for byte ever after. A DRAFT: a PDF marked "BROUILLON", rendered afresh, with no XML (a draft is not an invoice).',
    },
    download: { contentType: 'application/pdf' },
  })
  .input(z.object({ id: z.string().meta({ description: 'Invoice or credit note id (`inv_…`).' }) }))
  .output(recordEnvelopeSchema(documentDownloadSchema))
  .query(async ({ ctx, input }) => ({
    data: documentDownload(
      await getInvoiceDocument(ctx.em, ctx.principal.workspaceId, input.id, 'pdf', ctx.render),
    ),
  }));
