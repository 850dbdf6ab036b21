import { memberRoles } from '@comptoir/db/enums';
import { z } from 'zod';
import { type Scope, scopes } from '../keys/scopes.ts';

/**
 * What a caller may do. Every procedure checks exactly one permission, which a key's scopes or a
 * member's role grant. The permissions are the scopes, and three that only roles grant (or that
 * a scope implies):
 * - `draft:invoices`: create and change DRAFT invoices (invoices.create, invoices.update). A
 *   key's `write:invoices` grants it, so keys keep the contract's scopes; the `sales` role has it
 *   without `write:invoices`, which sends, records payments and cancels.
 * - `manage:members`: members and invitations (owners only; no key).
 * - `manage:keys`: list, create and revoke API keys from the app (owners only; no key: a key that
 *   could mint keys would hold every scope).
 */
export const roleOnlyPermissions = ['draft:invoices', 'manage:members', 'manage:keys'] as const;
export const permissions = [...scopes, ...roleOnlyPermissions] as const;
export type Permission = (typeof permissions)[number];

/** The roles, as the memberships table's check constraint lists them. */
export const roles = memberRoles;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles).meta({
  id: 'Role',
  description:
    'owner: everything, members and keys; accountant: invoices, payments, credit notes and purchases, and reads the rest; sales: contacts, companies, opportunities, quotes and draft invoices; stock: products and stock.',
});

const reads = scopes.filter((scope) => scope.startsWith('read:'));

/** The one table of what each role may do (README: "People, sessions, roles"). */
export const rolePermissions: Record<Role, readonly Permission[]> = {
  owner: permissions,
  accountant: [...reads, 'write:invoices', 'draft:invoices', 'write:purchases'],
  sales: [
    'read:contacts',
    'write:contacts',
    'read:opportunities',
    'write:opportunities',
    'read:quotes',
    'write:quotes',
    'read:invoices',
    'draft:invoices',
    'read:products',
    'read:workspace',
  ],
  stock: ['read:products', 'write:products', 'read:workspace'],
};

/** What a key's scopes let it do: the scopes, and `draft:invoices` with `write:invoices`. */
export function keyPermissions(keyScopes: Iterable<string>): ReadonlySet<Permission> {
  const granted = new Set<Permission>();
  for (const scope of keyScopes) {
    if ((scopes as readonly string[]).includes(scope)) granted.add(scope as Scope);
  }
  if (granted.has('write:invoices')) granted.add('draft:invoices');
  return granted;
}

const byRole = new Map<Role, ReadonlySet<Permission>>(
  roles.map((role) => [role, new Set(rolePermissions[role])]),
);

export function permissionsOfRole(role: Role): ReadonlySet<Permission> {
  return byRole.get(role) ?? new Set();
}

/** The scopes a role's member holds, as the app shows them (me.get). */
export function scopesOfRole(role: Role): Permission[] {
  return [...rolePermissions[role]];
}

/** The scope a key needs for a permission, as a 403 names it: keys never hold the role-only ones. */
export function keyScopeFor(permission: Permission): Scope | undefined {
  if (permission === 'draft:invoices') return 'write:invoices';
  return (scopes as readonly string[]).includes(permission) ? (permission as Scope) : undefined;
}
