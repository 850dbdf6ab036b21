import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { SignInForm } from '../components/session/sign-in-form.tsx';
import { meQuery } from '../session/me.ts';
import { safeReturnTo } from '../session/return-to.ts';

export const Route = createFileRoute('/sign-in')({
  validateSearch: z.object({ returnTo: z.string().optional().catch(undefined) }),
  beforeLoad: async ({ context, search }) => {
    // Someone already signed in goes straight on. If the session cannot be read at all, the
    // form is still the right place to be: signing in will say what is wrong.
    const me = await context.queryClient.fetchQuery(meQuery).catch(() => null);
    if (me !== null) throw redirect({ href: safeReturnTo(search.returnTo) });
  },
  component: SignInPage,
});

function SignInPage() {
  const { returnTo } = Route.useSearch();
  return <SignInForm returnTo={safeReturnTo(returnTo)} />;
}
