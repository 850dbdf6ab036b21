import type { EntityManager } from '@comptoir/db';
import { markSuppliers } from '../companies/store.ts';
import { AppError } from '../errors/index.ts';

/**
 * Checks that every supplier is a company of the workspace and marks it as a supplier.
 * Throws 404 company_not_found naming the first missing one.
 */
export async function claimSuppliers(
  tx: EntityManager,
  workspaceId: string,
  supplierIds: Iterable<string>,
): Promise<void> {
  const ids = [...new Set(supplierIds)];
  if (ids.length === 0) return;
  const found = await markSuppliers(tx, workspaceId, ids);
  if (found.length !== ids.length) {
    const present = new Set(found);
    const missing = ids.find((id) => !present.has(id));
    throw new AppError('company_not_found', `Supplier company ${missing} not found`);
  }
}
