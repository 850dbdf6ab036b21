import { createFileRoute, notFound, Outlet } from '@tanstack/react-router';
import { AppShell } from '../../components/layout/app-shell.tsx';
import { meQuery } from '../../session/me.ts';
import { actInWorkspace } from '../../trpc/client.ts';

const sessionKey = meQuery.queryKey[0];

/**
 * A workspace's screens. The workspace is in the URL, so links and tabs keep it; every call made
 * from here names it in a header. A workspace the person is not a member of does not exist here.
 */
export const Route = createFileRoute('/_authed/$workspaceId')({
  beforeLoad: ({ context, params }) => {
    const membership = context.me.memberships.find((m) => m.workspaceId === params.workspaceId);
    if (membership === undefined) throw notFound();
    // Another workspace's answers must never show here: switching forgets them all.
    if (actInWorkspace(membership.workspaceId))
      context.queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKey });
    return { membership };
  },
  component: WorkspaceLayout,
});

function WorkspaceLayout() {
  const { me, membership } = Route.useRouteContext();
  return (
    <AppShell me={me} membership={membership}>
      <Outlet />
    </AppShell>
  );
}
