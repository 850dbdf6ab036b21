import { getQuoteDocument } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { documentDownload, documentDownloadSchema } from '../../downloads.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

export const quotePdfProcedure = scopedProcedure('read:quotes')
  .meta({
    openapi: {
      method: 'GET',
      path: '/quotes/{id}/pdf',
      tags: ['Quotes'],
      summary: 'Download a quote as PDF',
      description:
        'The quote ("Devis") with its validity date and a "Bon pour accord" block; numbered once sent. A sent quote’s PDF is rendered once and served byte for byte; a DRAFT is rendered afresh.',
    },
    download: { contentType: 'application/pdf' },
  })
  .input(z.object(quoteIdShape))
  .output(recordEnvelopeSchema(documentDownloadSchema))
  .query(async ({ ctx, input }) => ({
    data: documentDownload(await getQuoteDocument(ctx.em, ctx.principal.workspaceId, input.id, ctx.render)),
  }));
