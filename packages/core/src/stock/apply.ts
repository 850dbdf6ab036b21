import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { applyStockChanges } from './engine.ts';
import {
  type MovementError,
  type StockActor,
  type StockMovementsRequest,
  type StockMovementsResult,
  stockMovementsRequestSchema,
} from './schemas.ts';

function summarise(errors: { error: MovementError }[]): string {
  const counts = new Map<string, number>();
  for (const { error } of errors) counts.set(error, (counts.get(error) ?? 0) + 1);
  return [...counts].map(([error, count]) => `${count} ${error}`).join(', ');
}

/**
 * Applies a batch of movements in order; each succeeds or fails on its own (a partial success
 * has `errors`). When none applies, throws stock_adjust_failed carrying the result as `data`.
 */
export async function applyStockMovements(
  em: EntityManager,
  workspaceId: string,
  actor: StockActor,
  input: StockMovementsRequest,
): Promise<StockMovementsResult> {
  const { movements } = stockMovementsRequestSchema.parse(input);
  const outcomes = await inTransaction(em, (tx) =>
    applyStockChanges(tx, workspaceId, actor.apiKeyId, movements),
  );
  const result: StockMovementsResult = { applied: [], errors: [] };
  outcomes.forEach((outcome, index) => {
    if (outcome.applied) {
      const { applied: _, ...applied } = outcome;
      result.applied.push({ index, ...applied });
    } else {
      result.errors.push({ index, productId: outcome.productId, error: outcome.error });
    }
  });
  if (result.applied.length === 0) {
    throw new AppError('stock_adjust_failed', `No movement could be applied (${summarise(result.errors)})`, {
      extra: { data: result },
    });
  }
  return result;
}
