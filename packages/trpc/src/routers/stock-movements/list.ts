import { ledgerEntrySchema, ledgerQuerySchema, listLedger } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

export const listStockMovementsProcedure = scopedProcedure('read:products')
  .meta({
    openapi: {
      method: 'GET',
      path: '/stock-movements',
      tags: ['Stock'],
      summary: 'The stock ledger',
      description:
        'Every applied change (adjustments and movements), newest first, with before, after, delta, reason, references, unit cost and the key that made it.',
    },
  })
  .input(ledgerQuerySchema)
  .output(listEnvelopeSchema(ledgerEntrySchema))
  .query(async ({ ctx, input }) => listEnvelope(await listLedger(ctx.em, ctx.principal.workspaceId, input)));
