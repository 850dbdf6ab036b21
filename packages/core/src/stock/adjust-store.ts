import { type EntityManager, newId, runStatement } from '@comptoir/db';
import { type RawBuilder, sql } from 'kysely';
import { actorValues } from '../events/store.ts';
import type { KeyedWrite } from '../idempotency/policy.ts';
import { claimsWithAnswers } from '../idempotency/store.ts';
import type { AdjustResult } from './schemas.ts';

// Counts (POST /products/{id}/adjust) are written by one statement each, or one for several
// (docs/benchmarks.md, "Stock writes, part 2"): it locks the products, decides, and writes the
// products, their ledger rows and their events, and under an Idempotency-Key it also claims the
// key with its answer, in the same statement. The engine's transaction (a locking read,
// TypeScript's decision, then the writes) took four round trips, six with a key, for what a count
// needs to know: a count sets the quantity, so nothing in its decision needs the engine's
// arithmetic. Its refusals are the engine's (engine.ts `decide`) in the same order, plus the
// compare-and-set; its events are the engine's (`changeEvents`) with `stock.adjusted` and the
// note; the stock state is products/state.ts `trackedStockState`. A count is 0 to 1e12
// (productAdjustSchema), so the engine's negative-stock and storable-range refusals never apply
// to one.

export type AdjustRefusal =
  | 'product_not_found'
  | 'product_archived'
  | 'stock_not_tracked'
  | 'stock_quantity_mismatch';

export type AdjustOutcome =
  | { kind: 'applied'; result: AdjustResult }
  | { kind: 'refused'; refusal: AdjustRefusal; current: number | null }
  /** Under a key that already has an answer: nothing written. */
  | { kind: 'taken' };

/** One count to apply, with the ids its writes take (made at arrival: they sort in that order). */
export interface AdjustCount {
  apiKeyId: string | null;
  productId: string;
  countedQuantity: number;
  expectedQuantity: number | undefined;
  note: string | null;
  keyed: KeyedWrite | undefined;
  movementId: string;
  adjustedEventId: string;
  /** Used only when the count enters the low or out state (stock.low / stock.out). */
  crossingEventId: string;
}

export function newAdjustCount(
  count: Omit<AdjustCount, 'movementId' | 'adjustedEventId' | 'crossingEventId'>,
): AdjustCount {
  const movementId = newId('movement');
  const adjustedEventId = newId('event');
  return { ...count, movementId, adjustedEventId, crossingEventId: newId('event') };
}

/** products/state.ts `trackedStockState`, in SQL. */
function stockState(quantity: RawBuilder<unknown>, threshold: RawBuilder<unknown>): RawBuilder<string> {
  return sql`case when ${quantity} <= 0 then 'out'
                  when ${threshold} is not null and ${quantity} <= ${threshold} then 'low'
                  else 'ok' end`;
}

/** A quantity in JSON as the engine writes it (storedNumber): `5`, not `5.0000`. */
const jsonNumber = (column: RawBuilder<unknown>) => sql`trim_scale(${column})`;

interface AdjustRow {
  refusal: AdjustRefusal | null;
  before: string | null;
  result: AdjustResult | null;
}

/**
 * Applies counts of one workspace in one statement, each on its own (one's refusal or taken key
 * leaves the others as they are), outside a transaction (it commits on its own, as a named
 * prepared statement: its text is the same for any number of counts, so it is planned once per
 * pooled connection) or in the caller's. The counts must name distinct products and distinct
 * keys: one statement cannot chain two counts of a product, nor claim a key twice.
 *
 * Products are locked in id order, and keys claimed only once every product is locked, so two
 * such statements, or one and the engine's transaction, never wait for each other in a circle.
 * Only the claims' wait is bounded (idempotencyWaitSeconds), unless `waitMs` bounds every lock
 * the statement waits for (then any wait past it fails the statement with 55P03, nothing written).
 */
export async function saveAdjustments(
  em: EntityManager,
  workspaceId: string,
  counts: readonly AdjustCount[],
  options: { waitMs?: number } = {},
): Promise<AdjustOutcome[]> {
  const statement = adjustmentStatement(workspaceId, counts, options.waitMs);
  const rows = await runStatement(em, statement);
  if (rows.length !== counts.length) {
    throw new Error(`the adjustment statement answered ${rows.length} of ${counts.length} counts`);
  }
  return rows.map((row, index) => outcomeOf(row, counts[index] as AdjustCount));
}

function adjustmentStatement(
  workspaceId: string,
  counts: readonly AdjustCount[],
  waitMs: number | undefined,
): RawBuilder<AdjustRow> {
  const actor = actorValues();
  const input = counts.map((count, index) => ({
    i: index,
    product_id: count.productId,
    counted: count.countedQuantity,
    expected: count.expectedQuantity ?? null,
    note: count.note,
    api_key_id: count.apiKeyId,
    movement_id: count.movementId,
    adjusted_event_id: count.adjustedEventId,
    crossing_event_id: count.crossingEventId,
    endpoint: count.keyed?.scope.endpoint ?? null,
    key: count.keyed?.scope.key ?? null,
    fingerprint: count.keyed?.fingerprint ?? null,
    status: count.keyed?.status ?? null,
    result_field: count.keyed?.resultField ?? null,
  }));
  // The products are found by `id = any(array)`, which PostgreSQL plans as a few walks of the
  // primary key, where a join on the JSON rows would be planned as a scan of the workspace's
  // products (store.ts). The array is built in the statement from its input, not sent as a
  // parameter: the plan is then the same for any batch, and the prepared statement keeps one
  // generic plan instead of planning every call (1.4 ms: more than executing it).
  return sql<AdjustRow>`
    with input as materialized (
      select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t(
        i int, product_id text, counted numeric, expected numeric, note text, api_key_id text,
        movement_id text, adjusted_event_id text, crossing_event_id text,
        endpoint text, key text, fingerprint text, status int, result_field text)),
    ${waitMs === undefined ? sql`` : sql`every_wait as materialized (select set_config('lock_timeout', ${sql.lit(`${waitMs}ms`)}, true)),`}
    product as materialized (
      select p.id, p.track_stock, p.stock_quantity, p.stock_threshold, p.archived_at
        from products p
       where p.workspace_id = ${workspaceId} and p.id = any(array(select product_id from input))
             ${waitMs === undefined ? sql`` : sql`and exists (select from every_wait)`}
       order by p.id
         for update),
    decided as materialized (
      select i.*, p.stock_quantity as before, p.stock_threshold as threshold,
             case when p.id is null then 'product_not_found'
                  when p.archived_at is not null then 'product_archived'
                  when not p.track_stock then 'stock_not_tracked'
                  when i.expected is not null and p.stock_quantity <> i.expected then 'stock_quantity_mismatch'
             end as refusal
        from input i
        left join product p on p.id = i.product_id),
    applying as materialized (
      select d.i, d.product_id, d.before, d.counted as after, d.counted - d.before as delta, d.threshold,
             d.note, d.api_key_id, d.movement_id, d.adjusted_event_id, d.crossing_event_id,
             d.endpoint, d.key, d.fingerprint, d.status, d.result_field,
             ${stockState(sql`d.before`, sql`d.threshold`)} as state_before,
             ${stockState(sql`d.counted`, sql`d.threshold`)} as state_after,
             jsonb_build_object('productId', d.product_id, 'before', ${jsonNumber(sql`d.before`)},
                                'after', ${jsonNumber(sql`d.counted`)},
                                'delta', ${jsonNumber(sql`d.counted - d.before`)},
                                'movementId', d.movement_id) as result
        from decided d
       where d.refusal is null),
    ${claimsWithAnswers(workspaceId, 'applying', waitMs)},
    applied as materialized (
      select a.* from applying a, claims_done
       where a.key is null or exists (select from claimed c where c.endpoint = a.endpoint and c.key = a.key)),
    updated as (
      update products p set stock_quantity = a.after, updated_at = now()
        from applied a
       where p.workspace_id = ${workspaceId} and p.id = a.product_id
         and p.id = any(array(select product_id from applied))),
    ledger as (
      insert into stock_movements (id, workspace_id, product_id, kind, quantity_before, quantity_after, delta,
                                   reason, api_key_id)
      select a.movement_id, ${workspaceId}, a.product_id, 'adjustment', a.before, a.after, a.delta, a.note, a.api_key_id
        from applied a),
    recorded as (
      insert into events (id, workspace_id, type, data, actor_kind, actor_id)
      select e.id, ${workspaceId}, e.type, e.data, ${actor.kind}, ${actor.id}
        from applied a
       cross join lateral (values
         (a.adjusted_event_id, 'stock.adjusted',
          a.result || jsonb_build_object('note', a.note, 'stockState', a.state_after)),
         (a.crossing_event_id, 'stock.' || a.state_after,
          a.result || jsonb_build_object('stockThreshold', ${jsonNumber(sql`a.threshold`)}, 'stockState', a.state_after))
       ) as e(id, type, data)
       -- stock.low / stock.out on entering the state, not again while it stays there
       where e.id = a.adjusted_event_id
          or (a.state_after <> a.state_before and a.state_after in ('low', 'out')))
    select d.refusal, d.before, a.result
      from input i
      left join decided d on d.i = i.i
      left join applied a on a.i = i.i
     order by i.i`;
}

function outcomeOf(row: AdjustRow, count: AdjustCount): AdjustOutcome {
  if (row.result) return { kind: 'applied', result: row.result };
  if (row.refusal) {
    // The quantity the count found, for a mismatch's message (an untracked one has none).
    const current = row.refusal === 'stock_not_tracked' || row.before === null ? null : Number(row.before);
    return { kind: 'refused', refusal: row.refusal, current };
  }
  // Decided and not refused, yet not applied: its claim found the key answered meanwhile.
  if (!count.keyed) throw new Error('an adjustment without a key was decided but not applied');
  return { kind: 'taken' };
}
