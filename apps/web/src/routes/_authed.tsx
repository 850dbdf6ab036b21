import { createFileRoute, redirect } from '@tanstack/react-router';
import { meQuery } from '../session/me.ts';

/**
 * The guard of every screen behind sign-in: without a session, the visit goes to the sign-in
 * page, which brings the person back here afterwards.
 */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, location }) => {
    const me = await context.queryClient.ensureQueryData(meQuery);
    if (me === null) throw redirect({ to: '/sign-in', search: { returnTo: location.href } });
    return { me };
  },
});
