import type { EntityManager } from '@comptoir/db';
import { productsLowOnStock } from '../products/store.ts';
import { dashboardListLimit, type LowStockView } from './schemas.ts';

/** The tracked products low or out of stock: how many, and the 5 with the least stock. */
export function dashboardLowStock(em: EntityManager, workspaceId: string): Promise<LowStockView> {
  return productsLowOnStock(em, workspaceId, dashboardListLimit);
}
