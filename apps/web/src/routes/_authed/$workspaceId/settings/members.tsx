import { createFileRoute } from '@tanstack/react-router';
import { MembersScreen } from '../../../../components/settings/members/members-screen.tsx';
import { invitationsQuery, membersQuery } from '../../../../components/settings/members/queries.ts';
import { requirePermission } from '../../../../components/settings/require.ts';
import { SettingsSkeleton } from '../../../../components/settings/skeleton.tsx';

export const Route = createFileRoute('/_authed/$workspaceId/settings/members')({
  beforeLoad: ({ context }) => requirePermission(context.membership, 'manage:members'),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(membersQuery()),
      context.queryClient.ensureQueryData(invitationsQuery()),
    ]),
  pendingComponent: SettingsSkeleton,
  pendingMs: 200,
  component: MembersRoute,
});

function MembersRoute() {
  const { me } = Route.useRouteContext();
  return <MembersScreen meId={me.user.id} />;
}
