import { type Database, type EntityManager, kysely, toIso } from '@comptoir/db';
import { type Selectable, sql } from 'kysely';
import type { NewEvent } from '../events/schemas.ts';
import { eventsInsert } from '../events/store.ts';
import type { ListPage } from '../paging/index.ts';
import { selectPage } from '../paging/select-page.ts';
import type { LedgerEntry, LedgerQuery } from './schemas.ts';

// The stock engine's statements are tuned (docs/benchmarks.md, "Stock engine"): two per
// batch whatever its size. They stay raw SQL, as measured: a JSON parameter that
// jsonb_to_recordset unpacks carries the ledger rows, and the products' update rides in a
// data-modifying CTE of the ledger's insert. The products are found by `id = any(text[])`:
// PostgreSQL sees the array's length and walks the primary key, where a set-returning
// function over JSON is estimated at 100 rows and planned as a scan of the workspace's
// products (docs/benchmarks.md, "Writes (issue 16)").

/** A product as the stock engine decides on it, with its workspace's negative-stock policy. */
export type LockedProduct = Pick<
  Selectable<Database['products']>,
  'id' | 'track_stock' | 'stock_quantity' | 'stock_threshold' | 'cost_price' | 'archived_at'
> &
  Pick<Selectable<Database['workspaces']>, 'negative_stock'>;

/**
 * Reads and locks the workspace's products among `ids` (missing ones are left out), in id order
 * so concurrent callers never deadlock, even in other processes.
 */
export async function lockProducts(
  tx: EntityManager,
  workspaceId: string,
  ids: string[],
): Promise<LockedProduct[]> {
  const { rows } = await sql<LockedProduct>`
    select p.id, p.track_stock, p.stock_quantity, p.stock_threshold, p.cost_price, p.archived_at, w.negative_stock
      from products p join workspaces w on w.id = p.workspace_id
     where p.workspace_id = ${workspaceId} and p.id = any(${ids}::text[])
     order by p.id
       for update of p`.execute(kysely(tx));
  return rows;
}

/** A product's stock and cost after a batch. */
export interface ProductStock {
  id: string;
  quantity: string;
  cost_price: string;
}

/** One ledger row as the engine decided it; the statement adds the workspace and the key. */
export type LedgerRecord = Omit<
  Selectable<Database['stock_movements']>,
  'workspace_id' | 'api_key_id' | 'created_at'
>;

/**
 * Writes the products' new stock and cost, the ledger rows and the changes' events in one
 * statement (a data-modifying CTE always runs), whatever their number. It must run in the
 * transaction of the change, like recordEvents.
 */
export async function saveStockChanges(
  tx: EntityManager,
  workspaceId: string,
  apiKeyId: string | null,
  products: ProductStock[],
  ledger: LedgerRecord[],
  events: readonly (NewEvent & { id: string })[],
): Promise<void> {
  if (!tx.isInTransaction()) throw new Error('saveStockChanges called outside a transaction');
  await sql`
    with recorded_events as (${eventsInsert(workspaceId, events)}),
    updated as (
      update products p set stock_quantity = t.quantity, cost_price = t.cost_price, updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(products)}::jsonb) as t(id text, quantity numeric, cost_price numeric)
       where p.workspace_id = ${workspaceId} and p.id = t.id and p.id = any(${products.map((product) => product.id)}::text[]))
    insert into stock_movements (id, workspace_id, product_id, kind, quantity_before, quantity_after, delta,
                                 reason, ref_kind, ref_id, unit_cost, api_key_id)
    select t.id, ${workspaceId}, t.product_id, t.kind, t.quantity_before, t.quantity_after, t.delta,
           t.reason, t.ref_kind, t.ref_id, t.unit_cost, ${apiKeyId}
      from jsonb_to_recordset(${JSON.stringify(ledger)}::jsonb) as t(id text, product_id text, kind text, quantity_before numeric,
           quantity_after numeric, delta numeric, reason text, ref_kind text, ref_id text, unit_cost numeric)`.execute(
    kysely(tx),
  );
}

const ledgerColumns = [
  'id',
  'product_id',
  'kind',
  'quantity_before',
  'quantity_after',
  'delta',
  'reason',
  'ref_kind',
  'ref_id',
  'unit_cost',
  'api_key_id',
  'created_at',
] as const;

type LedgerRow = Pick<Selectable<Database['stock_movements']>, (typeof ledgerColumns)[number]>;

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
    // a string at run time (MikroORM's pg settings), whatever the entity's type says
    createdAt: toIso(row.created_at),
  };
}

/** A page of the stock ledger, newest first. */
export function ledgerPage(
  em: EntityManager,
  workspaceId: string,
  query: LedgerQuery,
): Promise<ListPage<LedgerEntry>> {
  let entries = kysely(em)
    .selectFrom('stock_movements')
    .select(ledgerColumns)
    .where('workspace_id', '=', workspaceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc');
  if (query.productId !== undefined) entries = entries.where('product_id', '=', query.productId);
  if (query.from !== undefined)
    entries = entries.where('created_at', '>=', sql<Date>`${query.from}::timestamptz`);
  if (query.to !== undefined) entries = entries.where('created_at', '<', sql<Date>`${query.to}::timestamptz`);
  return selectPage(entries, query, ledgerEntryView);
}
