/**
 * A workspace for the one-process benches (request-cpu.ts, request-instructions-child.ts): the
 * bench's supplier companies, `products` products of the seeded catalogue, and a key whose
 * rate limit never refuses (the limiter still runs on every request).
 */
import {
  createCompany,
  createKey,
  createWorkspace,
  importProducts,
  type KeyCreate,
  listProducts,
} from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import { catalogue, supplierNames } from './seed.ts';

export interface CatalogueWorkspace {
  workspaceId: string;
  key: string;
  /** The first product of the list (a record to GET). */
  productId: string;
}

export async function createCatalogueWorkspace(
  orm: MikroORM,
  options: { name: string; products: number; scopes: KeyCreate['scopes'] },
): Promise<CatalogueWorkspace> {
  const workspace = await createWorkspace(orm.em.fork(), { name: options.name });
  const supplierIds: string[] = [];
  for (const name of supplierNames) {
    supplierIds.push((await createCompany(orm.em.fork(), workspace.id, { name }, { isSupplier: true })).id);
  }
  await importProducts(orm.em.fork(), workspace.id, catalogue(0, options.products, supplierIds));
  const { key } = await createKey(orm.em.fork(), {
    workspaceId: workspace.id,
    scopes: options.scopes,
    rateLimitPerMinute: 1_000_000_000,
  });
  const productId = (await listProducts(orm.em.fork(), workspace.id, { limit: 1, offset: 0 })).items[0]?.id;
  if (!productId) throw new Error('the catalogue workspace has no product');
  return { workspaceId: workspace.id, key, productId };
}
