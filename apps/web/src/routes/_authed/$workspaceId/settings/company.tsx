import { createFileRoute } from '@tanstack/react-router';
import { CompanyScreen, workspaceQuery } from '../../../../components/settings/company/company-screen.tsx';
import { requirePermission } from '../../../../components/settings/require.ts';
import { SettingsSkeleton } from '../../../../components/settings/skeleton.tsx';

export const Route = createFileRoute('/_authed/$workspaceId/settings/company')({
  beforeLoad: ({ context }) => requirePermission(context.membership, 'read:workspace'),
  loader: ({ context }) => context.queryClient.ensureQueryData(workspaceQuery()),
  pendingComponent: SettingsSkeleton,
  pendingMs: 200,
  component: CompanyScreen,
});
