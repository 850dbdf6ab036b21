import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { applyStockChanges } from './engine.ts';
import { type AdjustResult, type ProductAdjust, productAdjustSchema, type StockActor } from './schemas.ts';

/**
 * Sets a product's stock to a physically counted quantity. A count equal to the stock is still
 * recorded (delta 0): a count is information.
 */
export async function adjustStock(
  em: EntityManager,
  workspaceId: string,
  actor: StockActor,
  productId: string,
  input: ProductAdjust,
): Promise<AdjustResult> {
  const adjust = productAdjustSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const [outcome] = await applyStockChanges(tx, workspaceId, actor.apiKeyId, [
      {
        kind: 'adjustment',
        productId,
        countedQuantity: adjust.countedQuantity,
        note: adjust.note,
        expectedQuantity: adjust.expectedQuantity,
      },
    ]);
    if (!outcome) throw new Error('applyStockChanges returned no outcome');
    if (outcome.applied) {
      const { applied: _, ...result } = outcome;
      return result;
    }
    switch (outcome.error) {
      case 'product_not_found':
        throw notFound('Product');
      case 'product_archived':
        throw new AppError('product_archived', `Product ${productId} is archived`);
      case 'stock_quantity_mismatch':
        throw new AppError(
          'stock_quantity_mismatch',
          `The stock is ${outcome.current}, not the expected ${adjust.expectedQuantity}`,
          { details: [{ path: 'expectedQuantity', message: `current quantity is ${outcome.current}` }] },
        );
      case 'stock_not_tracked':
        throw new AppError('stock_adjust_failed', `Product ${productId} does not track stock`);
      default:
        throw new AppError(
          'stock_adjust_failed',
          `The stock engine refused the adjustment (${outcome.error})`,
        );
    }
  });
}
