import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { unstorableText } from '../text/index.ts';
import { type ProductCreateData, productCreateSchema } from './schemas.ts';
import { upsertProducts } from './store.ts';
import { claimSuppliers } from './suppliers.ts';

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
  const products = validImportItems(items);
  return inTransaction(em, async (tx) => {
    await claimSuppliers(
      tx,
      workspaceId,
      products.flatMap((product) => (product.supplierId ? [product.supplierId] : [])),
    );
    const result: ImportResult = { created: 0, updated: 0, ids: [] };
    for (let start = 0; start < products.length; start += importBatchSize) {
      const batch = products.slice(start, start + importBatchSize);
      for (const row of await upsertProducts(tx, workspaceId, batch)) {
        result.ids.push(row.id);
        if (row.inserted) result.created++;
        else result.updated++;
      }
      onProgress(Math.min(start + batch.length, products.length), products.length);
    }
    return result;
  });
}

/** The parsed items, or invalid_body listing every problem (the first 100) by position. */
function validImportItems(items: unknown[]): ProductCreateData[] {
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
  return products;
}
