import type { EntityManager } from '@comptoir/db';
import { batchedByKey } from '../batching/batched.ts';
import { AppError, notFound } from '../errors/index.ts';
import { isLockTimeout, keyInUse } from '../idempotency/claim.ts';
import { IdempotencyKeyTaken, type KeyedWrite } from '../idempotency/policy.ts';
import { type AdjustCount, type AdjustOutcome, newAdjustCount, saveAdjustments } from './adjust-store.ts';
import { type AdjustResult, type ProductAdjust, productAdjustSchema, type StockActor } from './schemas.ts';

/**
 * Sets a product's stock to a physically counted quantity. A count equal to the stock is still
 * recorded (delta 0): a count is information.
 *
 * One statement (adjust-store.ts), which commits on its own unless `em` is in a transaction. With
 * `keyed`, the same statement claims the Idempotency-Key and stores the answer; a key that
 * already has one throws IdempotencyKeyTaken (nothing written), a key held by a request still
 * running throws 409 idempotency_key_in_use. A refusal writes nothing and claims nothing.
 * Outside a transaction, the counts of a workspace that arrive while one is being written are
 * written together by the next statement (group commit, like invoice creations).
 */
export async function adjustStock(
  em: EntityManager,
  workspaceId: string,
  actor: StockActor,
  productId: string,
  input: ProductAdjust,
  keyed?: KeyedWrite,
): Promise<AdjustResult> {
  const adjust = productAdjustSchema.parse(input);
  const count = newAdjustCount({
    apiKeyId: actor.apiKeyId,
    productId,
    countedQuantity: adjust.countedQuantity,
    expectedQuantity: adjust.expectedQuantity,
    note: adjust.note ?? null,
    keyed,
  });
  const outcome = em.isInTransaction()
    ? await alone(em, workspaceId, count)
    : await adjustmentsInBatches(workspaceId, { em, count });
  if (outcome.kind === 'applied') return outcome.result;
  if (outcome.kind === 'taken') throw new IdempotencyKeyTaken();
  switch (outcome.refusal) {
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
  }
}

/** One count in a statement of its own. */
async function alone(em: EntityManager, workspaceId: string, count: AdjustCount): Promise<AdjustOutcome> {
  try {
    const [outcome] = await saveAdjustments(em, workspaceId, [count]);
    if (!outcome) throw new Error('the adjustment statement answered no count');
    return outcome;
  } catch (error) {
    // Only the claim's wait is bounded (claimsWithAnswers): the key is held by a running request.
    if (count.keyed && isLockTimeout(error)) throw keyInUse();
    throw error;
  }
}

interface Adjustment {
  em: EntityManager;
  count: AdjustCount;
}

/**
 * The positions of `adjustments` in groups one statement can write: distinct products (a
 * statement cannot chain two counts of one product) and distinct keys (nor claim a key twice).
 * A count that repeats one goes to a later group than it, so it sees the earlier one's effect.
 */
function distinctGroups(adjustments: readonly Adjustment[]): number[][] {
  const groups: number[][] = [];
  const lastGroupOf = new Map<string, number>();
  adjustments.forEach(({ count }, position) => {
    const names = [`product ${count.productId}`];
    if (count.keyed) names.push(`key ${count.keyed.scope.endpoint} ${count.keyed.scope.key}`);
    const group = Math.max(...names.map((name) => (lastGroupOf.get(name) ?? -1) + 1));
    if (group === groups.length) groups.push([]);
    groups[group]?.push(position);
    for (const name of names) lastGroupOf.set(name, group);
  });
  return groups;
}

/**
 * How long a statement of the batches waits for any lock (a product another transaction holds, a
 * key another request is claiming) before it gives its counts back to be written alone: the
 * batches of a workspace go one at a time, and one count must not hold up the others for the
 * seconds a key may be held.
 */
const batchWaitMs = 200;

/** A count's outcome from its batch, or `alone`: its batch gave up, it is written by itself. */
type BatchOutcome = AdjustOutcome | 'alone';

/**
 * Counts of a workspace in batches: up to 100 a statement, one statement at a time (the counts
 * that arrive meanwhile wait for the next; with two at a time the statements were smaller and
 * each count cost more, docs/benchmarks.md "Stock writes, part 2"). A statement that fails, or
 * waits for a lock longer than batchWaitMs, writes nothing, and each of its counts is then
 * written alone, outside the batches, with the waits of a lone count: so a count fails only for
 * its own reason (a key held elsewhere: 409 after idempotencyWaitSeconds) and holds up no other.
 */
const countsInBatches = batchedByKey<Adjustment, BatchOutcome>(
  async (workspaceId, adjustments) => {
    const outcomes: BatchOutcome[] = [];
    for (const positions of distinctGroups(adjustments)) {
      const group = positions.map((position) => adjustments[position] as Adjustment);
      let written: BatchOutcome[];
      try {
        written = await saveAdjustments(
          (group[0] as Adjustment).em,
          workspaceId,
          group.map((adjustment) => adjustment.count),
          { waitMs: batchWaitMs },
        );
      } catch {
        written = group.map(() => 'alone');
      }
      positions.forEach((position, index) => {
        outcomes[position] = written[index] as BatchOutcome;
      });
    }
    return outcomes;
  },
  { maxBatch: 100, maxInFlight: 1 },
);

async function adjustmentsInBatches(workspaceId: string, adjustment: Adjustment): Promise<AdjustOutcome> {
  const outcome = await countsInBatches(workspaceId, adjustment);
  return outcome === 'alone' ? alone(adjustment.em, workspaceId, adjustment.count) : outcome;
}
