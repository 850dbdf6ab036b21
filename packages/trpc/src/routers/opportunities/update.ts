import { opportunityDetailSchema, opportunityUpdateSchema, updateOpportunity } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings: "Lifecycles"): the public API cannot change opportunities. */
export const updateOpportunityProcedure = scopedProcedure('write:opportunities')
  .meta({ idempotent: true })
  .input(
    opportunityUpdateSchema.extend({ id: z.string().meta({ description: 'Opportunity id (`opp_…`).' }) }),
  )
  .output(recordEnvelopeSchema(opportunityDetailSchema))
  .mutation(async ({ ctx, input: { id, ...patch } }) => ({
    data: await updateOpportunity(ctx.em, ctx.principal.workspaceId, id, patch),
  }));
