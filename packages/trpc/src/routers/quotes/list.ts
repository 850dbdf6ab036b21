import { listQuotes, quoteListQuerySchema, quoteSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

export const listQuotesProcedure = scopedProcedure('read:quotes')
  .meta({
    openapi: {
      method: 'GET',
      path: '/quotes',
      tags: ['Quotes'],
      summary: 'List quotes',
      description:
        'Newest first, optionally of one status. Deleted quotes are not listed. `q` searches the number, the client’s name and `clientCompany` (case and accents aside), with `status` when both are given.',
    },
  })
  .input(quoteListQuerySchema)
  .output(listEnvelopeSchema(quoteSchema))
  .query(async ({ ctx, input }) => listEnvelope(await listQuotes(ctx.em, ctx.principal.workspaceId, input)));
