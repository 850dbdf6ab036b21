import type { Permission } from '@comptoir/core/schemas';
import { useRouteContext } from '@tanstack/react-router';

/**
 * Whether the signed-in member's role allows `permission` in the workspace on screen. The server
 * checks every call on its own; this only hides or disables what would be refused.
 */
export function useCan(permission: Permission): boolean {
  const { membership } = useRouteContext({ from: '/_authed/$workspaceId' });
  return (membership.scopes as readonly string[]).includes(permission);
}
