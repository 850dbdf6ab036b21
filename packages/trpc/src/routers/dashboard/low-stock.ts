import { dashboardLowStock, lowStockSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/** Internal only (the app’s dashboard): the tracked products low or out of stock: how many, the 5 with the least stock. */
export const lowStockProcedure = scopedProcedure('read:products')
  .input(z.object({}).optional())
  .output(recordEnvelopeSchema(lowStockSchema))
  .query(async ({ ctx }) => ({ data: await dashboardLowStock(ctx.em, ctx.principal.workspaceId) }));
