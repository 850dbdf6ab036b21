import { dashboardFollowUps, followUpsSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (the app’s dashboard): the open opportunities whose follow-up is past or within 7 days: how many, the 5 soonest. */
export const followUpsProcedure = scopedProcedure('read:opportunities')
  .input(z.object({}).optional())
  .output(recordEnvelopeSchema(followUpsSchema))
  .query(async ({ ctx }) => ({ data: await dashboardFollowUps(ctx.em, ctx.principal.workspaceId) }));
