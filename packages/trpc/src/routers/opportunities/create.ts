import { createOpportunity, opportunityCreateSchema, opportunitySchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const createOpportunityProcedure = scopedProcedure('write:opportunities')
  .meta({
    idempotent: true,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/opportunities',
      tags: ['Opportunities'],
      summary: 'Create an opportunity',
      description: 'Status DRAFT unless given.',
    },
  })
  .input(opportunityCreateSchema)
  .output(recordEnvelopeSchema(opportunitySchema))
  .mutation(async ({ ctx, input }) => ({
    data: await createOpportunity(ctx.em, ctx.principal.workspaceId, input),
  }));
