import {
  type Database,
  type EntityManager,
  isIdOf,
  isUniqueViolation,
  kysely,
  newId,
  reusedStatement,
  toIso,
  toIsoOrNull,
} from '@comptoir/db';
import { type Insertable, type Selectable, sql } from 'kysely';
import { AppError } from '../errors/index.ts';
import type { ProductCreateData, ProductUpdateData, ProductView } from './schemas.ts';
import { stockStateOf } from './state.ts';

type Products = Database['products'];

/** The columns a product's view is made of. */
export const productColumns = [
  'id',
  'name',
  'reference',
  'barcode',
  'unit',
  'unit_price',
  'cost_price',
  'tax_rate',
  'supplier_id',
  'track_stock',
  'stock_quantity',
  'stock_threshold',
  'updated_at',
  'archived_at',
] as const satisfies readonly (keyof Products)[];

export type ProductRow = Pick<Selectable<Products>, (typeof productColumns)[number]>;

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

/** Raw reads return timestamps as text (MikroORM's pg settings), whatever the entity says. */
export function productView(row: ProductRow): ProductView {
  return {
    id: row.id,
    name: row.name,
    reference: row.reference,
    barcode: row.barcode,
    unit: row.unit,
    unitPrice: Number(row.unit_price),
    costPrice: Number(row.cost_price),
    taxRate: Number(row.tax_rate),
    supplierId: row.supplier_id,
    trackStock: row.track_stock,
    stockQuantity: row.track_stock ? numberOrNull(row.stock_quantity) : null,
    stockThreshold: numberOrNull(row.stock_threshold),
    stockState: stockStateOf(row.track_stock, row.stock_quantity, row.stock_threshold),
    updatedAt: toIso(row.updated_at),
    archivedAt: toIsoOrNull(row.archived_at),
  };
}

/**
 * The product, or undefined when the workspace has none with this id (or the id is malformed);
 * `forUpdate` locks its row until the transaction ends.
 */
export async function findProduct(
  em: EntityManager,
  workspaceId: string,
  id: string,
  forUpdate = false,
): Promise<ProductView | undefined> {
  if (!isIdOf('product', id)) return undefined;
  const [row] = await (forUpdate ? productByIdForUpdate : productById).run(em, workspaceId, id);
  return row && productView(row);
}

// GET /products/{id} is the API's cheapest request: its statement is compiled once.
const byId = (forUpdate: boolean) =>
  reusedStatement<[workspaceId: string, id: string], ProductRow>(2, (db, workspaceId, id) => {
    const row = db
      .selectFrom('products')
      .select(productColumns)
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id);
    return forUpdate ? row.forUpdate() : row;
  });
const productById = byId(false);
const productByIdForUpdate = byId(true);

/** Archives the product (now) or restores it (`archived` false); the product as stored after. */
export async function setProductArchived(
  tx: EntityManager,
  workspaceId: string,
  id: string,
  archived: boolean,
): Promise<ProductView> {
  const row = await kysely(tx)
    .updateTable('products')
    .set((eb) => ({
      archived_at: archived ? eb.fn<Date>('now') : null,
      updated_at: eb.fn<Date>('now'),
    }))
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', id)
    .returning(productColumns)
    .executeTakeFirstOrThrow();
  return productView(row);
}

/** products_workspace_reference_key: a reference names one product of the workspace. */
function referenceAlreadyUsed(error: unknown): unknown {
  if (!isUniqueViolation(error, 'products_workspace_reference_key')) return error;
  return new AppError('invalid_body', 'A product with this reference already exists', {
    details: [{ path: 'reference', message: 'already used by another product' }],
  });
}

const decimalOrNull = (value: number | null | undefined) => (value == null ? null : String(value));

/** The new row of `product`; numbers go to PostgreSQL as text, never as binary floats. */
function newProductRow(workspaceId: string, product: ProductCreateData) {
  return {
    id: newId('product'),
    workspace_id: workspaceId,
    name: product.name,
    reference: product.reference ?? null,
    barcode: product.barcode ?? null,
    unit: product.unit ?? null,
    unit_price: String(product.unitPrice),
    cost_price: String(product.costPrice),
    tax_rate: String(product.taxRate),
    supplier_id: product.supplierId ?? null,
    track_stock: product.trackStock,
    stock_quantity: product.trackStock ? String(product.stockQuantity ?? 0) : null,
    stock_threshold: decimalOrNull(product.stockThreshold),
  } satisfies Insertable<Products>;
}

/** Inserts one product; a taken reference becomes invalid_body on `reference`. */
export async function insertProduct(
  tx: EntityManager,
  workspaceId: string,
  product: ProductCreateData,
): Promise<ProductView> {
  try {
    const row = await kysely(tx)
      .insertInto('products')
      .values(newProductRow(workspaceId, product))
      .returning(productColumns)
      .executeTakeFirstOrThrow();
    return productView(row);
  } catch (error) {
    throw referenceAlreadyUsed(error);
  }
}

/** What an update does to the stock quantity besides the patch. */
export type StockQuantityChange = 'keep' | 'startFromZero' | 'clear';

/**
 * Applies `patch` (its undefined fields stay as they are) to the product; undefined when it is
 * gone. A taken reference becomes invalid_body on `reference`.
 */
export async function updateProductRow(
  tx: EntityManager,
  workspaceId: string,
  id: string,
  patch: ProductUpdateData,
  quantity: StockQuantityChange,
): Promise<ProductView | undefined> {
  try {
    const row = await kysely(tx)
      .updateTable('products')
      .set((eb) => ({
        name: patch.name,
        reference: patch.reference,
        barcode: patch.barcode,
        unit: patch.unit,
        unit_price: patch.unitPrice === undefined ? undefined : String(patch.unitPrice),
        tax_rate: patch.taxRate === undefined ? undefined : String(patch.taxRate),
        supplier_id: patch.supplierId,
        track_stock: patch.trackStock,
        stock_threshold: patch.stockThreshold === undefined ? undefined : decimalOrNull(patch.stockThreshold),
        updated_at: eb.fn<Date>('now'),
        stock_quantity:
          quantity === 'startFromZero'
            ? eb.fn.coalesce('stock_quantity', sql<string>`0`)
            : quantity === 'clear'
              ? null
              : undefined,
      }))
      .where('workspace_id', '=', workspaceId)
      .where('id', '=', id)
      .returning(productColumns)
      .executeTakeFirst();
    return row && productView(row);
  } catch (error) {
    throw referenceAlreadyUsed(error);
  }
}

const importedColumns = [
  'id',
  'workspace_id',
  'name',
  'reference',
  'barcode',
  'unit',
  'unit_price',
  'cost_price',
  'tax_rate',
  'supplier_id',
  'track_stock',
  'stock_quantity',
  'stock_threshold',
] as const satisfies readonly (keyof ReturnType<typeof newProductRow>)[];

/**
 * Inserts the products, or updates the one with the same reference, in one statement; tells
 * for each whether it was inserted.
 */
export async function upsertProducts(
  tx: EntityManager,
  workspaceId: string,
  products: ProductCreateData[],
): Promise<{ id: string; inserted: boolean }[]> {
  const records = JSON.stringify(products.map((product) => newProductRow(workspaceId, product)));
  // Raw source: the rows arrive as one JSON parameter that jsonb_to_recordset unpacks (one
  // parameter per column and row would pass PostgreSQL's 65,535 limit on big batches).
  const source = sql`select ${sql.join(importedColumns.map((column) => sql.ref(column)))}
    from jsonb_to_recordset(${records}::jsonb) as t(
      id text, workspace_id text, name text, reference text, barcode text, unit text,
      unit_price numeric, cost_price numeric, tax_rate numeric, supplier_id text,
      track_stock boolean, stock_quantity numeric, stock_threshold numeric)`;
  return (
    kysely(tx)
      .insertInto('products')
      .columns(importedColumns)
      .expression(source)
      .onConflict((conflict) =>
        conflict.columns(['workspace_id', 'reference']).doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          barcode: eb.ref('excluded.barcode'),
          unit: eb.ref('excluded.unit'),
          unit_price: eb.ref('excluded.unit_price'),
          cost_price: eb.ref('excluded.cost_price'),
          tax_rate: eb.ref('excluded.tax_rate'),
          supplier_id: eb.ref('excluded.supplier_id'),
          track_stock: eb.ref('excluded.track_stock'),
          stock_quantity: eb.ref('excluded.stock_quantity'),
          stock_threshold: eb.ref('excluded.stock_threshold'),
          updated_at: eb.fn<Date>('now'),
        })),
      )
      // xmax is 0 on a row this statement inserted (PostgreSQL's system column, unknown to Kysely).
      .returning(['id', sql<boolean>`(xmax = 0)`.as('inserted')])
      .execute()
  );
}

/**
 * The workspace's live tracked products at or under their threshold, or out of stock (stockState
 * `low` or `out`, stockStateOf), lowest stock first, at most `limit`, and how many there are.
 */
export async function productsLowOnStock(
  em: EntityManager,
  workspaceId: string,
  limit: number,
): Promise<{ count: number; products: ProductView[] }> {
  const rows = await kysely(em)
    .selectFrom('products')
    .select(productColumns)
    .select((eb) => eb.fn.countAll<string>().over().as('comptoir_low_total'))
    .where('workspace_id', '=', workspaceId)
    .where('archived_at', 'is', null)
    .where('track_stock', '=', true)
    .where((eb) =>
      eb.or([
        eb('stock_quantity', '<=', sql<string>`0`),
        eb.and([
          eb('stock_threshold', 'is not', null),
          eb('stock_quantity', '<=', eb.ref('stock_threshold')),
        ]),
      ]),
    )
    .orderBy('stock_quantity')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
  return { count: Number(rows[0]?.comptoir_low_total ?? 0), products: rows.map(productView) };
}
