import { listOpportunities, opportunityListQuerySchema, opportunitySchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

export const listOpportunitiesProcedure = scopedProcedure('read:opportunities')
  .meta({
    openapi: {
      method: 'GET',
      path: '/opportunities',
      tags: ['Opportunities'],
      summary: 'List opportunities',
      description: 'Newest first, optionally of one status.',
    },
  })
  .input(opportunityListQuerySchema)
  .output(listEnvelopeSchema(opportunitySchema))
  .query(async ({ ctx, input }) =>
    listEnvelope(await listOpportunities(ctx.em, ctx.principal.workspaceId, input)),
  );
