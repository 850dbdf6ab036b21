import { type EntityManager, isIdOf, newId } from '@comptoir/db';
import {
  divideRoundingHalfUp,
  type StoredUnits,
  storedNumber,
  storedText,
  storedUnits,
} from '../decimals/index.ts';
import type { NewEvent } from '../events/schemas.ts';
import { trackedStockState } from '../products/state.ts';
import type { MovementError } from './schemas.ts';
import { type LedgerRecord, type LockedProduct, lockProducts, saveStockChanges } from './store.ts';

/**
 * A signed change to one product's stock. (A count, POST /products/{id}/adjust, is one statement
 * of its own: adjust-store.ts.)
 */
export interface StockChange {
  productId: string;
  quantity: number;
  reason?: string | undefined;
  refKind?: string | undefined;
  refId?: string | undefined;
  unitCost?: number | undefined;
}

export type StockOutcome =
  | { applied: true; productId: string; movementId: string; before: number; after: number; delta: number }
  | { applied: false; productId: string; error: MovementError };

interface ProductState {
  archived: boolean;
  tracked: boolean;
  quantity: StoredUnits;
  threshold: StoredUnits | null;
  cost: StoredUnits;
  changed: boolean;
}

// NUMERIC(18, 4) holds 14 integer digits.
const storableLimit = storedUnits(1e14);

/** The cost after an entry of `delta` at `unitCost`, rounded half up to the stored places. */
function weightedAverageCost(state: ProductState, delta: StoredUnits, unitCost: StoredUnits): StoredUnits {
  // Stock below zero carries no value: the entry's cost becomes the average.
  const onHand = state.quantity > 0n ? state.quantity : 0n;
  return divideRoundingHalfUp(onHand * state.cost + delta * unitCost, onHand + delta);
}

function productStates(rows: LockedProduct[]): Map<string, ProductState> {
  return new Map(
    rows.map((row) => [
      row.id,
      {
        archived: row.archived_at !== null,
        tracked: row.track_stock,
        quantity: storedUnits(row.stock_quantity ?? '0'),
        threshold: row.stock_threshold === null ? null : storedUnits(row.stock_threshold),
        cost: storedUnits(row.cost_price),
        changed: false,
      },
    ]),
  );
}

/** The change's delta against the running quantity, or why it is refused. */
function decide(
  change: StockChange,
  product: ProductState | undefined,
  blocksNegative: boolean,
): { delta: StoredUnits } | { refused: MovementError } {
  if (!product) return { refused: 'product_not_found' };
  if (product.archived) return { refused: 'product_archived' };
  if (!product.tracked) return { refused: 'stock_not_tracked' };
  const delta = storedUnits(change.quantity);
  const after = product.quantity + delta;
  if (blocksNegative && delta < 0n && after < 0n) return { refused: 'negative_stock_blocked' };
  if (after >= storableLimit || after <= -storableLimit) return { refused: 'quantity_out_of_range' };
  return { delta };
}

interface AppliedChange {
  productId: string;
  before: number;
  after: number;
  delta: number;
  movementId: string;
}

/** The events of an applied change: its own, then stock.low / stock.out on entering the state. */
function changeEvents(
  change: StockChange,
  result: AppliedChange,
  states: { before: StoredUnits; after: StoredUnits; threshold: StoredUnits | null },
): NewEvent[] {
  const stateBefore = trackedStockState(states.before, states.threshold);
  const stateAfter = trackedStockState(states.after, states.threshold);
  const events: NewEvent[] = [
    {
      type: 'stock.movement',
      data: {
        ...result,
        reason: change.reason ?? null,
        refKind: change.refKind ?? null,
        refId: change.refId ?? null,
        unitCost: change.unitCost ?? null,
        stockState: stateAfter,
      },
    },
  ];
  // Not again while it stays there.
  if (stateAfter !== stateBefore && (stateAfter === 'low' || stateAfter === 'out')) {
    const stockThreshold = states.threshold === null ? null : storedNumber(states.threshold);
    events.push({
      type: stateAfter === 'low' ? 'stock.low' : 'stock.out',
      data: { ...result, stockThreshold, stockState: stateAfter },
    });
  }
  return events;
}

/** Applies a decided change to the running state: its outcome, ledger row and events. */
function applyChange(change: StockChange, product: ProductState, delta: StoredUnits) {
  const before = product.quantity;
  const after = before + delta;
  const { unitCost } = change;
  if (unitCost !== undefined && delta > 0n)
    product.cost = weightedAverageCost(product, delta, storedUnits(unitCost));
  product.quantity = after;
  product.changed = true;

  const movementId = newId('movement');
  const beforeText = storedText(before);
  const afterText = storedText(after);
  const deltaText = storedText(delta);
  const result: AppliedChange = {
    productId: change.productId,
    before: Number(beforeText),
    after: Number(afterText),
    delta: Number(deltaText),
    movementId,
  };
  const ledgerRecord: LedgerRecord = {
    id: movementId,
    product_id: change.productId,
    kind: 'movement',
    quantity_before: beforeText,
    quantity_after: afterText,
    delta: deltaText,
    reason: change.reason ?? null,
    ref_kind: change.refKind ?? null,
    ref_id: change.refId ?? null,
    unit_cost: unitCost === undefined ? null : String(unitCost),
  };
  const events = changeEvents(change, result, { before, after, threshold: product.threshold });
  return { result, ledgerRecord, events };
}

/**
 * The one place that changes stock. Applies `changes` in order inside the caller's transaction:
 * it locks the products concerned (in id order, so concurrent callers never deadlock, even in
 * other processes), decides each change against the running quantity, the workspace's
 * negative-stock policy and the weighted average cost, then writes the products, the ledger
 * rows and the events with two statements whatever the number of changes. A refused change
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
  const rows = ids.length === 0 ? [] : await lockProducts(tx, workspaceId, ids);
  const products = productStates(rows);
  const blocksNegative = rows[0]?.negative_stock !== 'allow';

  const outcomes: StockOutcome[] = [];
  const ledger: LedgerRecord[] = [];
  const events: NewEvent[] = [];
  for (const change of changes) {
    const product = products.get(change.productId);
    const decision = decide(change, product, blocksNegative);
    if (!product || 'refused' in decision) {
      const error = 'refused' in decision ? decision.refused : 'product_not_found';
      outcomes.push({ applied: false, productId: change.productId, error });
      continue;
    }
    const applied = applyChange(change, product, decision.delta);
    outcomes.push({ applied: true, ...applied.result });
    ledger.push(applied.ledgerRecord);
    events.push(...applied.events);
  }

  if (ledger.length > 0) {
    const finalStates = [...products.entries()]
      .filter(([, state]) => state.changed)
      .map(([id, state]) => ({
        id,
        quantity: storedText(state.quantity),
        cost_price: storedText(state.cost),
      }));
    // The events ride in the ledger's statement (the outbox, as recordEvents writes it).
    const recorded = events.map((event) => ({ id: newId('event'), ...event }));
    await saveStockChanges(tx, workspaceId, apiKeyId, finalStates, ledger, recorded);
  }
  return outcomes;
}
