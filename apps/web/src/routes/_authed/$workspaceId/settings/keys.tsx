import { createFileRoute } from '@tanstack/react-router';
import { KeysScreen, keysQuery } from '../../../../components/settings/keys/keys-screen.tsx';
import { requirePermission } from '../../../../components/settings/require.ts';
import { SettingsSkeleton } from '../../../../components/settings/skeleton.tsx';

export const Route = createFileRoute('/_authed/$workspaceId/settings/keys')({
  beforeLoad: ({ context }) => requirePermission(context.membership, 'manage:keys'),
  loader: ({ context }) => context.queryClient.ensureQueryData(keysQuery()),
  pendingComponent: SettingsSkeleton,
  pendingMs: 200,
  component: KeysScreen,
});
