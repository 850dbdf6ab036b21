import { bodyObject, quoteSentSchema, sendQuote } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';
import { quoteIdShape } from './id.ts';

export const sendQuoteProcedure = scopedProcedure('write:quotes')
  .meta({
    idempotent: true,
    openapi: {
      method: 'POST',
      path: '/quotes/{id}/send',
      tags: ['Quotes'],
      summary: 'Mark a DRAFT quote as sent',
      description:
        'Status SENT, `sentAt` set, number `QUO-<year>-<00001>` assigned; no e-mail is sent. An attached DRAFT opportunity moves to QUOTE_SENT. Empty body.',
    },
  })
  .input(bodyObject(quoteIdShape))
  .output(recordEnvelopeSchema(quoteSentSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await sendQuote(ctx.em, ctx.principal.workspaceId, input.id),
  }));
