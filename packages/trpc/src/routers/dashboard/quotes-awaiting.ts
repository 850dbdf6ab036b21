import { dashboardQuotesAwaiting, quotesAwaitingSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (the app’s dashboard): the quotes awaiting an answer (SENT or SENT_FOR_SIGNATURE): how many, the 5 sent longest ago. */
export const quotesAwaitingProcedure = scopedProcedure('read:quotes')
  .input(z.object({}).optional())
  .output(recordEnvelopeSchema(quotesAwaitingSchema))
  .query(async ({ ctx }) => ({ data: await dashboardQuotesAwaiting(ctx.em, ctx.principal.workspaceId) }));
