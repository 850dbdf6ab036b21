import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { ProductView } from './schemas.ts';
import { findProduct } from './store.ts';

export async function getProduct(em: EntityManager, workspaceId: string, id: string): Promise<ProductView> {
  const product = await findProduct(em, workspaceId, id);
  if (!product) throw notFound('Product');
  return product;
}
