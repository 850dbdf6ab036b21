import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { type ProductUpdate, type ProductView, productUpdateSchema } from './schemas.ts';
import { findProduct, type StockQuantityChange, updateProductRow } from './store.ts';
import { claimSuppliers } from './suppliers.ts';

export async function updateProduct(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: ProductUpdate,
): Promise<ProductView> {
  const patch = productUpdateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await findProduct(tx, workspaceId, id);
    if (!current) throw notFound('Product');
    if (patch.supplierId) await claimSuppliers(tx, workspaceId, [patch.supplierId]);
    // Starting to track stock starts from zero; stopping keeps no quantity.
    let quantity: StockQuantityChange = 'keep';
    if (patch.trackStock === true && !current.trackStock) quantity = 'startFromZero';
    if (patch.trackStock === false) quantity = 'clear';
    const updated = await updateProductRow(tx, workspaceId, id, patch, quantity);
    if (!updated) throw notFound('Product');
    return updated;
  });
}
