import { bodyObject, receiveSupplierInvoiceStock, stockReceptionSchema } from '@comptoir/core';
import { z } from 'zod';
import { scopedProcedure } from '../../admission.ts';
import { recordEnvelopeSchema } from '../../envelopes.ts';

/**
 * Internal only: the lines naming our products received into stock, one movements batch, once
 * per invoice (a second call answers the first result).
 */
export const receiveSupplierInvoiceStockProcedure = scopedProcedure('write:purchases')
  .meta({ idempotent: true })
  .input(bodyObject({ id: z.string() }))
  .output(recordEnvelopeSchema(stockReceptionSchema))
  .mutation(async ({ ctx, input }) => ({
    data: await receiveSupplierInvoiceStock(ctx.em, ctx.principal.workspaceId, input.id, {
      apiKeyId: ctx.principal.keyId,
    }),
  }));
