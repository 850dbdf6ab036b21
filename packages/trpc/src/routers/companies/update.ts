import { companySchema, companyUpdateSchema, updateCompany } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (rulings: "Lifecycles"): the public API cannot change companies. */
export const updateCompanyProcedure = scopedProcedure('write:contacts')
  .meta({ idempotent: true })
  .input(companyUpdateSchema.extend({ id: z.string().meta({ description: 'Company id (`cmp_…`).' }) }))
  .output(recordEnvelopeSchema(companySchema))
  .mutation(async ({ ctx, input: { id, ...patch } }) => ({
    data: await updateCompany(ctx.em, ctx.principal.workspaceId, id, patch),
  }));
