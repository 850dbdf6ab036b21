import { createQuote, quoteCreateSchema, quoteSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const createQuoteProcedure = scopedProcedure('write:quotes')
  .meta({
    idempotent: true,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/quotes',
      tags: ['Quotes'],
      summary: 'Create a quote',
      description: 'A DRAFT quote, without a number until it is sent, valid 30 days.',
    },
  })
  .input(quoteCreateSchema)
  .output(recordEnvelopeSchema(quoteSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await createQuote(ctx.em, ctx.principal.workspaceId, input),
  }));
