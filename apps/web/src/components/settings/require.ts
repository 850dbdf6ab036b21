import type { Permission } from '@comptoir/core/schemas';
import { notFound } from '@tanstack/react-router';

/**
 * A settings section the role may not see does not exist for it (the server refuses its calls
 * anyway): the 404 page rather than a screen of refusals.
 */
export function requirePermission(scopes: readonly string[], permission: Permission): void {
  if (!scopes.includes(permission)) throw notFound();
}
