import { quoteDetailSchema, quoteUpdateSchema, updateQuote } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

export const updateQuoteProcedure = scopedProcedure('write:quotes')
  .meta({
    idempotent: true,
    openapi: {
      method: 'PATCH',
      path: '/quotes/{id}',
      tags: ['Quotes'],
      summary: 'Update a DRAFT quote',
      description: 'Changes the given fields; `lines` replaces every line. 409 quote_not_draft once sent.',
    },
  })
  .input(quoteUpdateSchema.extend(quoteIdShape))
  .output(recordEnvelopeSchema(quoteDetailSchema))
  .mutation(async ({ ctx, input }) => {
    const { id, ...patch } = input;
    return { data: await updateQuote(ctx.em, ctx.principal.workspaceId, id, patch) };
  });
