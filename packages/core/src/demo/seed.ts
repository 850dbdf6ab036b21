import { type EntityManager, inTransaction } from '@comptoir/db';
import { createCompany } from '../companies/create.ts';
import { findCompanyIdByName } from '../companies/store.ts';
import { invoiceCount } from '../invoices/store.ts';
import { createKey } from '../keys/create.ts';
import { revokeKey } from '../keys/revoke.ts';
import { scopes } from '../keys/scopes.ts';
import { unrevokedKeyIdsNamed } from '../keys/store.ts';
import { importProducts } from '../products/import.ts';
import { createWorkspace } from '../workspaces/create.ts';
import { findWorkspaceByName } from '../workspaces/store.ts';
import { seedDemoRecords } from './records.ts';

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
 * A demo workspace with a supplier, products in every stock state, records at every stage of
 * their lives (seedDemoRecords) and an all-scope key. Running it again updates the products,
 * leaves the records (a workspace with invoices has them already) and rotates the demo key.
 */
export async function seedDemoWorkspace(em: EntityManager): Promise<DemoSeed> {
  return inTransaction(em, async (tx) => {
    const workspace =
      (await findWorkspaceByName(tx, demoWorkspaceName)) ??
      (await createWorkspace(tx, { name: demoWorkspaceName }));
    const supplierId =
      (await findCompanyIdByName(tx, workspace.id, demoSupplierName)) ??
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
    if ((await invoiceCount(tx, workspace.id)) === 0) await seedDemoRecords(tx, workspace.id);
    for (const keyId of await unrevokedKeyIdsNamed(tx, workspace.id, demoKeyName)) await revokeKey(tx, keyId);
    const key = await createKey(tx, { workspaceId: workspace.id, scopes: [...scopes], name: demoKeyName });
    return { workspaceId: workspace.id, keyId: key.id, key: key.key, products: imported.ids.length };
  });
}
