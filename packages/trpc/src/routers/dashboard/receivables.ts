import { dashboardReceivables, receivablesSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (the app’s dashboard): what the workspace is owed (overdue, due within 30 days) and its revenue excluding tax for the 12 months ending with this one (UTC), in euros. */
export const receivablesProcedure = scopedProcedure('read:invoices')
  .input(z.object({}).optional())
  .output(recordEnvelopeSchema(receivablesSchema))
  .query(async ({ ctx }) => ({ data: await dashboardReceivables(ctx.em, ctx.principal.workspaceId) }));
