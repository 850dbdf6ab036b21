import { AppError } from '../errors/index.ts';
import type { Actor } from '../events/actor.ts';
import { keyScopeFor, type Permission, type Role } from './roles.ts';

/**
 * Who is calling, as every procedure sees it: a key (programs) or a member's session (people),
 * resolved by admission into the same workspace and permissions.
 */
export interface Principal {
  workspaceId: string;
  permissions: ReadonlySet<Permission>;
  /** Named on the events the request records. */
  actor: Actor;
  /** The key, for a key's request (the stock ledger names it); null for a session. */
  keyId: string | null;
  /** The member's role, for a session; null for a key. */
  role: Role | null;
}

/**
 * The one permission check of a procedure: 403 `insufficient_scope` naming the scope for a key,
 * `insufficient_role` naming the role and the permission for a member.
 */
export function requirePermission(principal: Principal, permission: Permission): void {
  if (principal.permissions.has(permission)) return;
  if (principal.role !== null) {
    throw new AppError(
      'insufficient_role',
      `The role ${principal.role} does not allow this: it needs the permission ${permission}`,
    );
  }
  const scope = keyScopeFor(permission);
  throw new AppError(
    'insufficient_scope',
    scope
      ? `This API key lacks the required scope: ${scope}`
      : `API keys cannot do this (${permission}): sign in as a workspace owner`,
  );
}
