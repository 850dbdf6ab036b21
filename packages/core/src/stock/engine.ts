import { type EntityManager, isIdOf, newId } from '@comptoir/db';
import { Decimal } from 'decimal.js';
import { type NewEvent, recordEvents } from '../events/index.ts';
import { stockStateOf } from '../products/state.ts';
import type { MovementError } from './schemas.ts';

/** A signed change to one product's stock: a delta, or a count the delta is computed from. */
export type StockChange =
  | {
      kind: 'movement';
      productId: string;
      quantity: number;
      reason?: string | undefined;
      refKind?: string | undefined;
      refId?: string | undefined;
      unitCost?: number | undefined;
    }
  | {
      kind: 'adjustment';
      productId: string;
      countedQuantity: number;
      note?: string | undefined;
      expectedQuantity?: number | undefined;
    };

export type StockOutcome =
  | { applied: true; productId: string; movementId: string; before: number; after: number; delta: number }
  | {
      applied: false;
      productId: string;
      error: MovementError | 'stock_quantity_mismatch';
      /** The quantity the change found (a mismatch tells it). */
      current: number | null;
    };

interface LockedProduct {
  id: string;
  track_stock: boolean;
  stock_quantity: string | null;
  stock_threshold: string | null;
  cost_price: string;
  negative_stock: 'block' | 'allow';
}

interface ProductState {
  tracked: boolean;
  quantity: Decimal;
  threshold: string | null;
  cost: Decimal;
  changed: boolean;
}

// NUMERIC(18, 4) holds 14 integer digits.
const storableLimit = new Decimal('1e14');

function weightedAverageCost(state: ProductState, delta: Decimal, unitCost: number): Decimal {
  // Stock below zero carries no value: the entry's cost becomes the average.
  const onHand = Decimal.max(state.quantity, 0);
  return onHand
    .times(state.cost)
    .plus(delta.times(unitCost))
    .dividedBy(onHand.plus(delta))
    .toDecimalPlaces(4, Decimal.ROUND_HALF_UP);
}

/**
 * The one place that changes stock. Applies `changes` in order inside the caller's transaction:
 * it locks the products concerned (in id order, so concurrent callers never deadlock, even in
 * other processes), decides each change against the running quantity, the workspace's
 * negative-stock policy and the weighted average cost, then writes the products, the ledger
 * rows and the events with three statements whatever the number of changes. A refused change
 * writes nothing and leaves the others as they are.
 */
export async function applyStockChanges(
  tx: EntityManager,
  workspaceId: string,
  apiKeyId: string | null,
  changes: readonly StockChange[],
): Promise<StockOutcome[]> {
  if (!tx.isInTransaction()) throw new Error('applyStockChanges called outside a transaction');
  const ids = [...new Set(changes.map((change) => change.productId).filter((id) => isIdOf('product', id)))];
  const rows =
    ids.length === 0
      ? []
      : await tx.execute<LockedProduct[]>(
          `select p.id, p.track_stock, p.stock_quantity, p.stock_threshold, p.cost_price, w.negative_stock
             from products p join workspaces w on w.id = p.workspace_id
            where p.workspace_id = ? and p.id in (select jsonb_array_elements_text(?::jsonb))
            order by p.id
              for update of p`,
          [workspaceId, JSON.stringify(ids)],
        );
  const products = new Map<string, ProductState>(
    rows.map((row) => [
      row.id,
      {
        tracked: row.track_stock,
        quantity: new Decimal(row.stock_quantity ?? 0),
        threshold: row.stock_threshold,
        cost: new Decimal(row.cost_price),
        changed: false,
      },
    ]),
  );
  const blocksNegative = rows[0]?.negative_stock !== 'allow';

  const outcomes: StockOutcome[] = [];
  const ledger: Record<string, unknown>[] = [];
  const events: NewEvent[] = [];
  for (const change of changes) {
    const product = products.get(change.productId);
    const refuse = (error: MovementError | 'stock_quantity_mismatch') =>
      outcomes.push({
        applied: false,
        productId: change.productId,
        error,
        current: product?.tracked ? product.quantity.toNumber() : null,
      });
    if (!product) {
      refuse('product_not_found');
      continue;
    }
    if (!product.tracked) {
      refuse('stock_not_tracked');
      continue;
    }
    const before = product.quantity;
    let delta: Decimal;
    if (change.kind === 'adjustment') {
      if (change.expectedQuantity !== undefined && !before.equals(change.expectedQuantity)) {
        refuse('stock_quantity_mismatch');
        continue;
      }
      delta = new Decimal(change.countedQuantity).minus(before);
    } else {
      delta = new Decimal(change.quantity);
    }
    const after = before.plus(delta);
    if (blocksNegative && delta.isNegative() && after.isNegative()) {
      refuse('negative_stock_blocked');
      continue;
    }
    if (after.abs().greaterThanOrEqualTo(storableLimit)) {
      refuse('quantity_out_of_range');
      continue;
    }

    const unitCost = change.kind === 'movement' ? change.unitCost : undefined;
    if (unitCost !== undefined && delta.isPositive())
      product.cost = weightedAverageCost(product, delta, unitCost);
    product.quantity = after;
    product.changed = true;

    const movementId = newId('movement');
    const reason = (change.kind === 'movement' ? change.reason : change.note) ?? null;
    const result = {
      productId: change.productId,
      before: before.toNumber(),
      after: after.toNumber(),
      delta: delta.toNumber(),
      movementId,
    };
    outcomes.push({ applied: true, ...result });
    ledger.push({
      id: movementId,
      product_id: change.productId,
      kind: change.kind,
      quantity_before: before.toString(),
      quantity_after: after.toString(),
      delta: delta.toString(),
      reason,
      ref_kind: change.kind === 'movement' ? (change.refKind ?? null) : null,
      ref_id: change.kind === 'movement' ? (change.refId ?? null) : null,
      unit_cost: unitCost === undefined ? null : String(unitCost),
    });

    const stateBefore = stockStateOf(true, before.toString(), product.threshold);
    const stateAfter = stockStateOf(true, after.toString(), product.threshold);
    const stockThreshold = product.threshold === null ? null : Number(product.threshold);
    events.push(
      change.kind === 'movement'
        ? {
            type: 'stock.movement',
            data: {
              ...result,
              reason,
              refKind: change.refKind ?? null,
              refId: change.refId ?? null,
              unitCost: unitCost ?? null,
              stockState: stateAfter,
            },
          }
        : { type: 'stock.adjusted', data: { ...result, note: reason, stockState: stateAfter } },
    );
    // stock.low / stock.out fire on entering the state, not again while it stays there.
    if (stateAfter !== stateBefore && (stateAfter === 'low' || stateAfter === 'out')) {
      events.push({
        type: stateAfter === 'low' ? 'stock.low' : 'stock.out',
        data: { ...result, stockThreshold, stockState: stateAfter },
      });
    }
  }

  if (ledger.length > 0) {
    const finalStates = [...products.entries()]
      .filter(([, state]) => state.changed)
      .map(([id, state]) => ({ id, quantity: state.quantity.toString(), cost_price: state.cost.toString() }));
    // One statement for the products and the ledger (a data-modifying CTE always runs). JSON
    // parameters: MikroORM would expand an array parameter into a list.
    await tx.execute(
      `with updated as (
         update products p set stock_quantity = t.quantity, cost_price = t.cost_price, updated_at = now()
           from jsonb_to_recordset(?::jsonb) as t(id text, quantity numeric, cost_price numeric)
          where p.workspace_id = ? and p.id = t.id)
       insert into stock_movements (id, workspace_id, product_id, kind, quantity_before, quantity_after, delta,
                                    reason, ref_kind, ref_id, unit_cost, api_key_id)
       select t.id, ?, t.product_id, t.kind, t.quantity_before, t.quantity_after, t.delta,
              t.reason, t.ref_kind, t.ref_id, t.unit_cost, ?
         from jsonb_to_recordset(?::jsonb) as t(id text, product_id text, kind text, quantity_before numeric,
              quantity_after numeric, delta numeric, reason text, ref_kind text, ref_id text, unit_cost numeric)`,
      [JSON.stringify(finalStates), workspaceId, workspaceId, apiKeyId, JSON.stringify(ledger)],
    );
    await recordEvents(tx, workspaceId, events);
  }
  return outcomes;
}
