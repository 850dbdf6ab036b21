import { type EntityManager, inTransaction, toIso } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { type ListPage, listPage } from '../paging/index.ts';
import { applyStockChanges } from './engine.ts';
import {
  type AdjustResult,
  type LedgerEntry,
  type LedgerQuery,
  type MovementError,
  type ProductAdjust,
  productAdjustSchema,
  type StockMovementsRequest,
  type StockMovementsResult,
  stockMovementsRequestSchema,
} from './schemas.ts';

export { applyStockChanges, type StockChange, type StockOutcome } from './engine.ts';
export * from './schemas.ts';

/** Who made a change: the API key, or null for an operator (CLI). */
export interface StockActor {
  apiKeyId: string | null;
}

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
    applyStockChanges(
      tx,
      workspaceId,
      actor.apiKeyId,
      movements.map((movement) => ({ kind: 'movement' as const, ...movement })),
    ),
  );
  const result: StockMovementsResult = { applied: [], errors: [] };
  outcomes.forEach((outcome, index) => {
    if (outcome.applied) {
      const { applied: _, ...applied } = outcome;
      result.applied.push({ index, ...applied });
    } else {
      // Only movement errors reach here: compare-and-set exists on adjustments alone.
      result.errors.push({ index, productId: outcome.productId, error: outcome.error as MovementError });
    }
  });
  if (result.applied.length === 0) {
    throw new AppError('stock_adjust_failed', `No movement could be applied (${summarise(result.errors)})`, {
      extra: { data: result },
    });
  }
  return result;
}

interface LedgerRow {
  id: string;
  product_id: string;
  kind: LedgerEntry['kind'];
  quantity_before: string;
  quantity_after: string;
  delta: string;
  reason: string | null;
  ref_kind: string | null;
  ref_id: string | null;
  unit_cost: string | null;
  api_key_id: string | null;
  created_at: Date | string;
}

function ledgerEntryView(row: LedgerRow): LedgerEntry {
  return {
    id: row.id,
    productId: row.product_id,
    kind: row.kind,
    before: Number(row.quantity_before),
    after: Number(row.quantity_after),
    delta: Number(row.delta),
    reason: row.reason,
    refKind: row.ref_kind,
    refId: row.ref_id,
    unitCost: row.unit_cost === null ? null : Number(row.unit_cost),
    apiKeyId: row.api_key_id,
    createdAt: toIso(row.created_at),
  };
}

/** The stock ledger, newest first. */
export function listLedger(
  em: EntityManager,
  workspaceId: string,
  query: LedgerQuery,
): Promise<ListPage<LedgerEntry>> {
  const clauses = ['workspace_id = ?'];
  const params: unknown[] = [workspaceId];
  if (query.productId !== undefined) {
    clauses.push('product_id = ?');
    params.push(query.productId);
  }
  if (query.from !== undefined) {
    clauses.push('created_at >= ?::timestamptz');
    params.push(query.from);
  }
  if (query.to !== undefined) {
    clauses.push('created_at < ?::timestamptz');
    params.push(query.to);
  }
  return listPage<LedgerRow, LedgerEntry>(
    em,
    {
      select:
        'id, product_id, kind, quantity_before, quantity_after, delta, reason, ref_kind, ref_id, unit_cost, api_key_id, created_at',
      from: 'stock_movements',
      where: clauses.join(' and '),
      params,
      orderBy: 'created_at desc, id desc',
    },
    query,
    ledgerEntryView,
  );
}
