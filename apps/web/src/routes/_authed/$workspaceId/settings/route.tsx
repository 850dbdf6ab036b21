import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SettingsLayout } from '../../../../components/settings/layout.tsx';

export const Route = createFileRoute('/_authed/$workspaceId/settings')({ component: SettingsRoute });

function SettingsRoute() {
  const { membership } = Route.useRouteContext();
  return (
    <SettingsLayout workspaceId={membership.workspaceId} scopes={membership.scopes}>
      <Outlet />
    </SettingsLayout>
  );
}
