import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import type { ProductView } from './schemas.ts';
import { findProduct, setProductArchived } from './store.ts';

/**
 * Brings an archived product back into lists, searches and stock changes. Records
 * `product.restored`. A live one: 409 invalid_transition.
 */
export async function restoreProduct(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<ProductView> {
  return inTransaction(em, async (tx) => {
    const current = await findProduct(tx, workspaceId, id, true);
    if (!current) throw notFound('Product');
    if (current.archivedAt === null) {
      throw new AppError('invalid_transition', 'Cannot restore a product that is not archived');
    }
    const restored = await setProductArchived(tx, workspaceId, id, false);
    await recordEvent(tx, workspaceId, 'product.restored', restored);
    return restored;
  });
}
