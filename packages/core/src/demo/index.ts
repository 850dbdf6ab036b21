import { ApiKey, type EntityManager, inTransaction } from '@comptoir/db';
import { createCompany } from '../companies/index.ts';
import { createKey, revokeKey, scopes } from '../keys/index.ts';
import { importProducts } from '../products/index.ts';
import { createWorkspace, findWorkspaceByName } from '../workspaces/index.ts';

export const demoWorkspaceName = 'Demo workspace';
const demoKeyName = 'Demo key';
const demoSupplierName = 'Fournitures Dupont SARL';

export interface DemoSeed {
  workspaceId: string;
  keyId: string;
  /** Shown once: the previous demo key is revoked on every seed. */
  key: string;
  products: number;
}

/**
 * A demo workspace with a supplier, products in every stock state and an all-scope key.
 * Running it again updates the same records and rotates the demo key.
 */
export async function seedDemoWorkspace(em: EntityManager): Promise<DemoSeed> {
  return inTransaction(em, async (tx) => {
    const workspace =
      (await findWorkspaceByName(tx, demoWorkspaceName)) ??
      (await createWorkspace(tx, { name: demoWorkspaceName }));
    const [existingSupplier] = await tx.execute<{ id: string }[]>(
      'select id from companies where workspace_id = ? and name = ? order by created_at limit 1',
      [workspace.id, demoSupplierName],
    );
    const supplierId =
      existingSupplier?.id ??
      (await createCompany(tx, workspace.id, { name: demoSupplierName }, { isSupplier: true })).id;
    const products = [
      {
        reference: 'DEMO-OK',
        name: 'Café en grains 1 kg',
        barcode: '3760000000017',
        unit: 'bag',
        unitPrice: 18.9,
        costPrice: 11.2,
        taxRate: 5.5,
        trackStock: true,
        stockQuantity: 120,
        stockThreshold: 20,
        supplierId,
      },
      {
        reference: 'DEMO-LOW',
        name: 'Thé vert sencha',
        barcode: '3760000000024',
        unit: 'box',
        unitPrice: 9.5,
        costPrice: 4.1,
        taxRate: 5.5,
        trackStock: true,
        stockQuantity: 4,
        stockThreshold: 10,
        supplierId,
      },
      {
        reference: 'DEMO-OUT',
        name: 'Crème de marrons',
        barcode: '3760000000031',
        unit: 'jar',
        unitPrice: 6.2,
        costPrice: 3,
        taxRate: 5.5,
        trackStock: true,
        stockQuantity: 0,
        stockThreshold: 5,
      },
      {
        reference: 'DEMO-SVC',
        name: 'Dégustation privée (1 h)',
        unit: 'hour',
        unitPrice: 45,
        taxRate: 20,
        trackStock: false,
      },
    ];
    const imported = await importProducts(tx, workspace.id, products);
    const previous = await tx.find(ApiKey, { workspaceId: workspace.id, name: demoKeyName, revokedAt: null });
    for (const key of previous) await revokeKey(tx, key.id);
    const key = await createKey(tx, { workspaceId: workspace.id, scopes: [...scopes], name: demoKeyName });
    return { workspaceId: workspace.id, keyId: key.id, key: key.key, products: imported.ids.length };
  });
}
