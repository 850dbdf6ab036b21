import { companyCreateSchema, companySchema, createCompany } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const createCompanyProcedure = scopedProcedure('write:contacts')
  .meta({
    idempotent: true,
    successStatus: 201,
    openapi: {
      method: 'POST',
      path: '/companies',
      tags: ['Companies'],
      summary: 'Create a company',
      description: 'A SIRET must pass its checksum; a French VAT number (FR…) must match its key.',
    },
  })
  .input(companyCreateSchema)
  .output(recordEnvelopeSchema(companySchema))
  .mutation(async ({ ctx, input }) => ({
    data: await createCompany(ctx.em, ctx.principal.workspaceId, input),
  }));
