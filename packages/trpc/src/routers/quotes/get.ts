import { getQuote, quoteDetailSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

export const getQuoteProcedure = scopedProcedure('read:quotes')
  .meta({
    openapi: {
      method: 'GET',
      path: '/quotes/{id}',
      tags: ['Quotes'],
      summary: 'Get a quote',
      description: 'The QuoteDetail, with its lines (a line’s label is `description`).',
    },
  })
  .input(z.object(quoteIdShape))
  .output(recordEnvelopeSchema(quoteDetailSchema))
  .query(async ({ ctx, input }) => ({ data: await getQuote(ctx.em, ctx.principal.workspaceId, input.id) }));
