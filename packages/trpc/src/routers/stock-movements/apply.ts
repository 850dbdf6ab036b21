import { applyStockMovements, stockMovementsRequestSchema, stockMovementsResultSchema } from '@comptoir/core';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

export const applyStockMovementsProcedure = scopedProcedure('write:products')
  .meta({
    openapi: {
      method: 'POST',
      path: '/stock-movements',
      tags: ['Stock'],
      summary: 'Apply a batch of stock movements',
      description:
        'Movements run in order; each succeeds or fails on its own, and two movements of one product chain their before/after. 200 when all applied, 207 when some did, 422 `stock_adjust_failed` when none did; every answer separates `applied` from `errors`. Each applied movement records `stock.movement`, plus `stock.low` / `stock.out` when the product enters that state.',
    },
    idempotent: true,
    alternativeSuccess: {
      status: 207,
      description: 'Some movements applied, others refused: read `errors`.',
    },
    errors: [
      {
        status: 422,
        description: 'No movement could be applied (stock_adjust_failed); `data` holds the errors.',
        withResult: true,
      },
    ],
  })
  .input(stockMovementsRequestSchema)
  .output(recordEnvelopeSchema(stockMovementsResultSchema))
  .mutation(async ({ ctx, input }) => {
    const result = await applyStockMovements(
      ctx.em,
      ctx.principal.workspaceId,
      { apiKeyId: ctx.principal.keyId },
      input,
    );
    // Some movements refused: 207 with the same body (api-v1.md, POST /stock-movements).
    ctx.response.status = result.errors.length > 0 ? 207 : 200;
    return { data: result };
  });
