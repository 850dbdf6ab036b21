import { type EntityManager, inTransaction } from '@comptoir/db';
import { type ProductCreate, type ProductView, productCreateSchema } from './schemas.ts';
import { insertProduct } from './store.ts';
import { claimSuppliers } from './suppliers.ts';

export async function createProduct(
  em: EntityManager,
  workspaceId: string,
  input: ProductCreate,
): Promise<ProductView> {
  const product = productCreateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    if (product.supplierId) await claimSuppliers(tx, workspaceId, [product.supplierId]);
    return insertProduct(tx, workspaceId, product);
  });
}
