import { type EntityManager, inTransaction } from '@comptoir/db';
import { AppError, notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import type { ProductView } from './schemas.ts';
import { findProduct, setProductArchived } from './store.ts';

/**
 * Archives a live product: it leaves lists, searches and their totals, and refuses stock
 * changes; GET still answers. Records `product.archived`. An archived one: 409 invalid_transition.
 */
export async function archiveProduct(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<ProductView> {
  return inTransaction(em, async (tx) => {
    const current = await findProduct(tx, workspaceId, id, true);
    if (!current) throw notFound('Product');
    if (current.archivedAt !== null) {
      throw new AppError('invalid_transition', 'Cannot archive a product that is already archived');
    }
    const archived = await setProductArchived(tx, workspaceId, id, true);
    await recordEvent(tx, workspaceId, 'product.archived', archived);
    return archived;
  });
}
