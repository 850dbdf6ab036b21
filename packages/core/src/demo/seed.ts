import { randomBytes } from 'node:crypto';
import { type EntityManager, inTransaction } from '@comptoir/db';
import { hashPassword } from 'better-auth/crypto';
import { createCompany } from '../companies/create.ts';
import { findCompanyIdByName } from '../companies/store.ts';
import { recordEvent } from '../events/record.ts';
import { invoiceCount } from '../invoices/store.ts';
import { createKey } from '../keys/create.ts';
import { revokeKey } from '../keys/revoke.ts';
import { scopes } from '../keys/scopes.ts';
import { unrevokedKeyIdsNamed } from '../keys/store.ts';
import {
  findMember,
  findUserByEmail,
  insertMembership,
  insertUserWithPassword,
  setPassword,
  updateRole,
} from '../people/store.ts';
import { importProducts } from '../products/import.ts';
import { createWorkspace } from '../workspaces/create.ts';
import { findWorkspaceByName } from '../workspaces/store.ts';
import { seedDemoRecords } from './records.ts';

export const demoWorkspaceName = 'Demo workspace';
const demoKeyName = 'Demo key';
const demoSupplierName = 'Fournitures Dupont SARL';
export const demoOwnerEmail = 'owner@demo.comptoir.test';

export interface DemoSeedOptions {
  /**
   * The demo owner's password: set on every seed (`./run start` keeps one in .data/). Without
   * it, a new owner gets a generated one, shown in the answer, and an existing owner keeps theirs.
   */
  ownerPassword?: string;
}

export interface DemoSeed {
  workspaceId: string;
  keyId: string;
  /** Shown once: the previous demo key is revoked on every seed. */
  key: string;
  products: number;
  owner: {
    userId: string;
    email: string;
    /** The password set by this seed, or null when the owner kept theirs. */
    password: string | null;
  };
}

/**
 * A demo workspace with a supplier, products in every stock state, records at every stage of
 * their lives (seedDemoRecords) and an all-scope key. Running it again updates the products,
 * leaves the records (a workspace with invoices has them already) and rotates the demo key.
 */
export async function seedDemoWorkspace(em: EntityManager, options: DemoSeedOptions = {}): Promise<DemoSeed> {
  const existingOwner = await findUserByEmail(em, demoOwnerEmail);
  const password = options.ownerPassword ?? (existingOwner ? null : randomBytes(12).toString('base64url'));
  // scrypt takes tens of milliseconds: hashed before the transaction
  const passwordHash = password === null ? null : await hashPassword(password);
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
    const ownerId = await seedDemoOwner(tx, workspace.id, passwordHash);
    return {
      workspaceId: workspace.id,
      keyId: key.id,
      key: key.key,
      products: imported.ids.length,
      owner: { userId: ownerId, email: demoOwnerEmail, password },
    };
  });
}

/** The demo owner: made, or given the password (when one is given), and an owner of the workspace. */
async function seedDemoOwner(
  tx: EntityManager,
  workspaceId: string,
  passwordHash: string | null,
): Promise<string> {
  let owner = await findUserByEmail(tx, demoOwnerEmail);
  if (!owner) {
    if (passwordHash === null) throw new Error('a new demo owner needs a password');
    owner = await insertUserWithPassword(tx, { email: demoOwnerEmail, name: 'Demo owner', passwordHash });
  } else if (passwordHash !== null) {
    await setPassword(tx, owner.id, passwordHash);
  }
  if (await insertMembership(tx, { workspaceId, userId: owner.id, role: 'owner' })) {
    const member = await findMember(tx, workspaceId, owner.id);
    if (member) await recordEvent(tx, workspaceId, 'member.joined', member);
  } else {
    await updateRole(tx, workspaceId, owner.id, 'owner');
  }
  return owner.id;
}
