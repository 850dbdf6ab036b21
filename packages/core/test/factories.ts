// The domain's record factories live beside the domain, exported as @comptoir/core/factories:
// they are built on core's use cases, so in @comptoir/testing they made testing depend on core
// while core's own tests depend on testing (a cycle). Testing keeps the infrastructure only.

import type { MikroORM } from '@comptoir/db';
import {
  type CreatedKey,
  type CreatedUser,
  createCompany,
  createKey,
  createProduct,
  createUser,
  createWorkspace,
  type KeyCreate,
  type ProductCreate,
  type ProductView,
  type Role,
  type Scope,
  scopes,
  updateWorkspace,
  type WorkspaceView,
} from '../src/index.ts';

export { type UblInvoice, type UblLine, ublInvoice } from './supplier-invoice-files.ts';

/**
 * A seller identity complete enough for an EN 16931 invoice (invoices.send refuses to issue
 * without one: 422 invoice_incomplete). The SIREN and VAT number are valid (Luhn, French key).
 */
export const sellerIdentity = {
  legalName: 'Comptoir Test SAS',
  siren: '732829320',
  vatNumber: 'FR44732829320',
  address: { lines: ['1 rue du Test'], postalCode: '75001', city: 'Paris', countryCode: 'FR' },
};

/** The password of the people `factories().member` makes. */
export const memberPassword = 'correct horse battery staple';

/** Records made through the domain's own use cases, never by hand-written inserts. */
export function factories(orm: MikroORM) {
  const em = () => orm.em.fork();
  let sequence = 0;
  const workspace = (
    name = `Workspace ${++sequence}`,
    negativeStock: 'block' | 'allow' = 'block',
  ): Promise<WorkspaceView> => createWorkspace(em(), { name, negativeStock });
  /** Gives the workspace a seller identity (sellerIdentity), so it can issue invoices; records workspace.updated. */
  const seller = (workspaceId: string): Promise<WorkspaceView> =>
    updateWorkspace(em(), workspaceId, sellerIdentity);
  return {
    workspace,
    seller,
    /** A new workspace with a seller identity, ready to issue invoices: its id. */
    sellerWorkspace: async (): Promise<string> => {
      const { id } = await workspace();
      await seller(id);
      return id;
    },
    key: (
      workspaceId: string,
      keyScopes: readonly Scope[] = scopes,
      extra: Partial<KeyCreate> = {},
    ): Promise<CreatedKey> => createKey(em(), { workspaceId, scopes: [...keyScopes], ...extra }),
    product: (workspaceId: string, input: Partial<ProductCreate> = {}): Promise<ProductView> =>
      createProduct(em(), workspaceId, { name: `Product ${++sequence}`, ...input }),
    company: (workspaceId: string, name = `Company ${++sequence}`) =>
      createCompany(em(), workspaceId, { name }),
    /**
     * A person of the workspace with a role, who signs in with `memberPassword` (a new user,
     * unless `email` names one).
     */
    member: (workspaceId: string, role: Role = 'owner', email?: string): Promise<CreatedUser> =>
      createUser(em(), {
        workspaceId,
        role,
        email: email ?? `member.${++sequence}.${Date.now()}@example.test`,
        password: memberPassword,
      }),
  };
}

/** A workspace with a key holding every scope: the usual start of an HTTP test. */
export async function workspaceWithKey(orm: MikroORM, keyScopes: readonly Scope[] = scopes) {
  const make = factories(orm);
  const workspace = await make.workspace();
  const key = await make.key(workspace.id, keyScopes);
  return { workspace, key, authorization: `Bearer ${key.key}` };
}
