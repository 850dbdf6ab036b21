import { einvoiceHistory, einvoiceHistoryEntrySchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only: every change of an invoice's e-invoicing status, oldest first. */
export const einvoiceHistoryProcedure = scopedProcedure('read:invoices')
  .input(z.object({ id: z.string().meta({ description: 'Invoice or credit note id (`inv_…`).' }) }))
  .output(recordEnvelopeSchema(z.array(einvoiceHistoryEntrySchema)))
  .query(async ({ ctx, input }) => ({
    data: await einvoiceHistory(ctx.em, ctx.principal.workspaceId, input.id),
  }));
