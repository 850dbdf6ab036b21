import type { Permission } from '@comptoir/core/schemas';
import { redirect } from '@tanstack/react-router';

/**
 * A settings section the role may not see is not offered (the server refuses its calls anyway):
 * its address leads to the settings, which open the first section the role may see.
 */
export function requirePermission(
  membership: { workspaceId: string; scopes: readonly string[] },
  permission: Permission,
): void {
  if (!membership.scopes.includes(permission))
    throw redirect({
      to: '/$workspaceId/settings',
      params: { workspaceId: membership.workspaceId },
      replace: true,
    });
}
