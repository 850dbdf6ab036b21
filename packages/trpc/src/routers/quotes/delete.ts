import { bodyObject, deleteQuote } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

export const deleteQuoteProcedure = scopedProcedure('write:quotes')
  .meta({
    idempotent: true,
    openapi: {
      method: 'DELETE',
      path: '/quotes/{id}',
      tags: ['Quotes'],
      summary: 'Delete a DRAFT quote',
      description: 'A soft delete: the quote leaves lists and reads. 409 quote_not_draft once sent.',
    },
  })
  .input(bodyObject(quoteIdShape))
  .output(recordEnvelopeSchema(z.object({ ok: z.literal(true) })))
  .mutation(async ({ ctx, input }) => ({
    data: await deleteQuote(ctx.em, ctx.principal.workspaceId, input.id),
  }));
