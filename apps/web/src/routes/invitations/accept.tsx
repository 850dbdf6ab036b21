import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { AcceptInvitation } from '../../components/account/accept-invitation.tsx';
import { meQuery } from '../../session/me.ts';

/** The page of an invitation's link: `/app/invitations/accept?token=…`, signed in or not. */
export const Route = createFileRoute('/invitations/accept')({
  validateSearch: z.object({ token: z.string().min(1).optional().catch(undefined) }),
  // Who is signed in, if anyone: accepting then goes straight to the workspace.
  beforeLoad: async ({ context }) => ({
    me: await context.queryClient.fetchQuery(meQuery).catch(() => null),
  }),
  component: AcceptInvitationRoute,
});

function AcceptInvitationRoute() {
  const { token } = Route.useSearch();
  const { me } = Route.useRouteContext();
  return <AcceptInvitation token={token} me={me} />;
}
