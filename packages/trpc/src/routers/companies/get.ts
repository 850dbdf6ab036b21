import { companySchema, getCompany } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const getCompanyProcedure = scopedProcedure('read:contacts')
  .meta({
    openapi: { method: 'GET', path: '/companies/{id}', tags: ['Companies'], summary: 'Get a company' },
  })
  .input(z.object({ id: z.string().meta({ description: 'Company id (`cmp_…`).' }) }))
  .output(recordEnvelopeSchema(companySchema))
  .query(async ({ ctx, input }) => ({ data: await getCompany(ctx.em, ctx.principal.workspaceId, input.id) }));
