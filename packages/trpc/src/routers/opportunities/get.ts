import { getOpportunity, opportunityDetailSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const getOpportunityProcedure = scopedProcedure('read:opportunities')
  .meta({
    openapi: {
      method: 'GET',
      path: '/opportunities/{id}',
      tags: ['Opportunities'],
      summary: 'Get an opportunity',
      description: 'Includes `quoteSentAt`.',
    },
  })
  .input(z.object({ id: z.string().meta({ description: 'Opportunity id (`opp_…`).' }) }))
  .output(recordEnvelopeSchema(opportunityDetailSchema))
  .query(async ({ ctx, input }) => ({
    data: await getOpportunity(ctx.em, ctx.principal.workspaceId, input.id),
  }));
