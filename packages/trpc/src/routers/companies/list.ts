import { companyListQuerySchema, companySchema, listCompanies } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { listEnvelope, listEnvelopeSchema } from '../../envelopes.ts';

export const listCompaniesProcedure = scopedProcedure('read:contacts')
  .meta({
    openapi: {
      method: 'GET',
      path: '/companies',
      tags: ['Companies'],
      summary: 'List companies',
      description: 'Newest first. `q` searches name, SIRET and VAT number.',
    },
  })
  .input(companyListQuerySchema)
  .output(listEnvelopeSchema(companySchema))
  .query(async ({ ctx, input }) =>
    listEnvelope(await listCompanies(ctx.em, ctx.principal.workspaceId, input)),
  );
