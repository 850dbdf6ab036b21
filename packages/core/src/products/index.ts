import { type EntityManager, inTransaction, isIdOf, isUniqueViolation, newId, toIso } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { assignments, type ListPage, likeContains } from '../paging/index.ts';
import { unstorableText } from '../text/index.ts';
import {
  type ProductCreate,
  type ProductCreateData,
  type ProductListQuery,
  type ProductUpdate,
  type ProductView,
  productCreateSchema,
  productUpdateSchema,
} from './schemas.ts';
import { stockStateOf } from './state.ts';

export * from './schemas.ts';
export { stockStateOf } from './state.ts';

/** The folded text `q` searches; it must match the expression of products_search_idx exactly. */
export const productSearchExpression =
  "comptoir_fold(name || E'\\x1f' || coalesce(reference, '') || E'\\x1f' || coalesce(barcode, ''))";

export const productColumns =
  'id, name, reference, barcode, unit, unit_price, cost_price, tax_rate, supplier_id, track_stock, stock_quantity, stock_threshold, updated_at';

export interface ProductRow {
  id: string;
  name: string;
  reference: string | null;
  barcode: string | null;
  unit: string | null;
  unit_price: string;
  cost_price: string;
  tax_rate: string;
  supplier_id: string | null;
  track_stock: boolean;
  stock_quantity: string | null;
  stock_threshold: string | null;
  updated_at: Date | string;
}

const numberOrNull = (value: string | null) => (value === null ? null : Number(value));

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
  };
}

/** The WHERE clause of a product list, shared by the page and its count. */
export function productListFilter(
  workspaceId: string,
  query: Pick<ProductListQuery, 'trackStock' | 'supplierId' | 'q'>,
) {
  const clauses = ['workspace_id = ?'];
  const params: unknown[] = [workspaceId];
  if (query.trackStock !== undefined) {
    clauses.push('track_stock = ?');
    params.push(query.trackStock);
  }
  if (query.supplierId !== undefined) {
    clauses.push('supplier_id = ?');
    params.push(query.supplierId);
  }
  const q = query.q?.trim();
  if (q) {
    clauses.push(`${productSearchExpression} like comptoir_fold(?)`);
    params.push(likeContains(q));
  }
  return { where: clauses.join(' and '), params };
}

/** The total of an unfiltered (or trackStock-only) list, from the trigger-kept counters. */
async function countedTotal(
  em: EntityManager,
  workspaceId: string,
  trackStock: boolean | undefined,
): Promise<number> {
  const [row] = await em.execute<{ total: string; tracked: string }[]>(
    'select total, tracked from workspace_product_counts where workspace_id = ?',
    [workspaceId],
  );
  if (!row) return 0;
  if (trackStock === undefined) return Number(row.total);
  return trackStock ? Number(row.tracked) : Number(row.total) - Number(row.tracked);
}

export async function listProducts(
  em: EntityManager,
  workspaceId: string,
  query: ProductListQuery,
): Promise<ListPage<ProductView>> {
  const { where, params } = productListFilter(workspaceId, query);
  const page = [query.limit, query.offset];
  const pageOf = (items: ProductView[], total: number) => ({
    items,
    total,
    limit: query.limit,
    offset: query.offset,
  });

  if (query.q?.trim()) {
    // A search reads its matches once, through the trigram index, for both the page and the
    // total. Without the materialised CTE the planner may, on a high row estimate, walk the
    // name index and fold every product's text until it fills the page (~20x slower).
    const rows = await em.execute<(Partial<ProductRow> & { total: string })[]>(
      `with matched as materialized (select ${productColumns} from products where ${where})
       select page.*, counted.total
         from (select count(*) as total from matched) counted
         left join lateral (select * from matched order by name, id limit ? offset ?) page on true`,
      [...params, ...page],
    );
    const items = rows
      .filter((row): row is ProductRow & { total: string } => row.id != null)
      .map(productView);
    return pageOf(items, Number(rows[0]?.total ?? 0));
  }

  // Totals of unfiltered lists come from the trigger-kept counters; a supplier filter counts
  // through its index. Either way one round trip gives the page and its total.
  const counted = query.supplierId === undefined;
  const totalExpression = counted
    ? `(select ${query.trackStock === undefined ? 'total' : query.trackStock ? 'tracked' : 'total - tracked'} from workspace_product_counts where workspace_id = ?)`
    : `(select count(*) from products where ${where})`;
  const rows = await em.execute<(ProductRow & { total: string | null })[]>(
    `select ${productColumns}, ${totalExpression} as total
       from products where ${where}
      order by name, id limit ? offset ?`,
    counted ? [workspaceId, ...params, ...page] : [...params, ...params, ...page],
  );
  let total = rows[0] ? Number(rows[0].total ?? 0) : 0;
  if (rows.length === 0 && query.offset > 0) {
    if (counted) total = await countedTotal(em, workspaceId, query.trackStock);
    else {
      const [count] = await em.execute<{ total: string }[]>(
        `select count(*) as total from products where ${where}`,
        params,
      );
      total = Number(count?.total ?? 0);
    }
  }
  return pageOf(rows.map(productView), total);
}

async function findProductRow(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<ProductRow | undefined> {
  if (!isIdOf('product', id)) return undefined;
  const rows = await em.execute<ProductRow[]>(
    `select ${productColumns} from products where workspace_id = ? and id = ?`,
    [workspaceId, id],
  );
  return rows[0];
}

export async function getProduct(em: EntityManager, workspaceId: string, id: string): Promise<ProductView> {
  const row = await findProductRow(em, workspaceId, id);
  if (!row) throw notFound('Product');
  return productView(row);
}

/**
 * Checks that every supplier is a company of the workspace and marks it as a supplier.
 * Throws 404 company_not_found naming the first missing one.
 */
async function claimSuppliers(
  em: EntityManager,
  workspaceId: string,
  supplierIds: Iterable<string>,
): Promise<void> {
  const ids = [...new Set(supplierIds)];
  if (ids.length === 0) return;
  const found = await em.execute<{ id: string }[]>(
    'update companies set is_supplier = true, updated_at = case when is_supplier then updated_at else now() end where workspace_id = ? and id in (select jsonb_array_elements_text(?::jsonb)) returning id',
    [workspaceId, JSON.stringify(ids)],
  );
  if (found.length !== ids.length) {
    const present = new Set(found.map((row) => row.id));
    const missing = ids.find((id) => !present.has(id));
    throw new AppError('company_not_found', `Supplier company ${missing} not found`);
  }
}

const decimalOrNull = (value: number | null | undefined) => (value == null ? null : String(value));

function insertValues(workspaceId: string, product: ProductCreateData) {
  return [
    newId('product'),
    workspaceId,
    product.name,
    product.reference ?? null,
    product.barcode ?? null,
    product.unit ?? null,
    String(product.unitPrice),
    String(product.costPrice),
    String(product.taxRate),
    product.supplierId ?? null,
    product.trackStock,
    product.trackStock ? String(product.stockQuantity ?? 0) : null,
    decimalOrNull(product.stockThreshold),
  ];
}

const insertColumns =
  'id, workspace_id, name, reference, barcode, unit, unit_price, cost_price, tax_rate, supplier_id, track_stock, stock_quantity, stock_threshold';

function referenceTaken(error: unknown): boolean {
  return isUniqueViolation(error, 'products_workspace_reference_key');
}

export async function createProduct(
  em: EntityManager,
  workspaceId: string,
  input: ProductCreate,
): Promise<ProductView> {
  const product = productCreateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    if (product.supplierId) await claimSuppliers(tx, workspaceId, [product.supplierId]);
    try {
      const [row] = await tx.execute<ProductRow[]>(
        `insert into products (${insertColumns}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning ${productColumns}`,
        insertValues(workspaceId, product),
      );
      if (!row) throw new Error('insert returned no row');
      return productView(row);
    } catch (error) {
      if (referenceTaken(error)) {
        throw new AppError('invalid_body', 'A product with this reference already exists', {
          details: [{ path: 'reference', message: 'already used by another product' }],
        });
      }
      throw error;
    }
  });
}

const updatableColumns = {
  name: 'name',
  reference: 'reference',
  barcode: 'barcode',
  unit: 'unit',
  unitPrice: 'unit_price',
  taxRate: 'tax_rate',
  supplierId: 'supplier_id',
  trackStock: 'track_stock',
  stockThreshold: 'stock_threshold',
} as const;

export async function updateProduct(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: ProductUpdate,
): Promise<ProductView> {
  const patch = productUpdateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findProductRow(tx, workspaceId, id);
    if (!current) throw notFound('Product');
    if (patch.supplierId) await claimSuppliers(tx, workspaceId, [patch.supplierId]);
    const { sets, params } = assignments(patch, updatableColumns);
    sets.push('updated_at = now()');
    // Starting to track stock starts from zero; stopping keeps no quantity.
    if (patch.trackStock === true && !current.track_stock)
      sets.push('stock_quantity = coalesce(stock_quantity, 0)');
    if (patch.trackStock === false) sets.push('stock_quantity = null');
    try {
      const [row] = await tx.execute<ProductRow[]>(
        `update products set ${sets.join(', ')} where workspace_id = ? and id = ? returning ${productColumns}`,
        [...params, workspaceId, id],
      );
      if (!row) throw notFound('Product');
      return productView(row);
    } catch (error) {
      if (referenceTaken(error)) {
        throw new AppError('invalid_body', 'A product with this reference already exists', {
          details: [{ path: 'reference', message: 'already used by another product' }],
        });
      }
      throw error;
    }
  });
}

export interface ImportResult {
  created: number;
  updated: number;
  ids: string[];
}

const importBatchSize = 2000;

/**
 * Creates or updates products in bulk, all or nothing. `reference` identifies an existing
 * product; items without one are always created. Invalid items are reported together,
 * with their position in the file, before anything is written.
 */
export async function importProducts(
  em: EntityManager,
  workspaceId: string,
  items: unknown[],
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImportResult> {
  const products: ProductCreateData[] = [];
  const problems: { path: string; message: string }[] = [];
  const seenReferences = new Map<string, number>();
  items.forEach((item, index) => {
    const unstorable = unstorableText(item, [index]);
    if (unstorable.length > 0) {
      problems.push(...unstorable);
      return;
    }
    const parsed = productCreateSchema.safeParse(item);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ path: [index, ...issue.path].join('.'), message: issue.message });
      }
      return;
    }
    const reference = parsed.data.reference;
    if (reference) {
      const first = seenReferences.get(reference);
      if (first !== undefined) {
        problems.push({ path: `${index}.reference`, message: `same reference as item ${first}` });
      }
      seenReferences.set(reference, index);
    }
    products.push(parsed.data);
  });
  if (problems.length > 0) {
    throw new AppError('invalid_body', `${problems.length} problem(s) in the import file`, {
      details: problems.slice(0, 100),
    });
  }

  return inTransaction(em, async (tx) => {
    await claimSuppliers(
      tx,
      workspaceId,
      products.flatMap((product) => (product.supplierId ? [product.supplierId] : [])),
    );
    const result: ImportResult = { created: 0, updated: 0, ids: [] };
    for (let start = 0; start < products.length; start += importBatchSize) {
      const batch = products.slice(start, start + importBatchSize);
      // One JSON parameter per batch: MikroORM expands array parameters into lists.
      const records = batch.map((product) => {
        const values = insertValues(workspaceId, product);
        return Object.fromEntries(insertColumns.split(', ').map((column, index) => [column, values[index]]));
      });
      const rows = await tx.execute<{ id: string; inserted: boolean }[]>(
        `insert into products (${insertColumns})
         select ${insertColumns} from jsonb_to_recordset(?::jsonb) as t(
           id text, workspace_id text, name text, reference text, barcode text, unit text,
           unit_price numeric, cost_price numeric, tax_rate numeric, supplier_id text,
           track_stock boolean, stock_quantity numeric, stock_threshold numeric)
         on conflict (workspace_id, reference) do update set
           name = excluded.name, barcode = excluded.barcode, unit = excluded.unit,
           unit_price = excluded.unit_price, cost_price = excluded.cost_price, tax_rate = excluded.tax_rate,
           supplier_id = excluded.supplier_id, track_stock = excluded.track_stock,
           stock_quantity = excluded.stock_quantity, stock_threshold = excluded.stock_threshold,
           updated_at = now()
         returning id, (xmax = 0) as inserted`,
        [JSON.stringify(records)],
      );
      for (const row of rows) {
        result.ids.push(row.id);
        if (row.inserted) result.created++;
        else result.updated++;
      }
      onProgress(Math.min(start + batch.length, products.length), products.length);
    }
    return result;
  });
}
