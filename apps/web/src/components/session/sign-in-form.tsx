import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { type FormEvent, useId } from 'react';
import { type SignInOutcome, signIn } from '../../session/auth.ts';
import { meQuery } from '../../session/me.ts';
import { SignInError } from './sign-in-error.tsx';

export function SignInForm({ returnTo }: { returnTo: string }) {
  const { t } = useLingui();
  const router = useRouter();
  const queryClient = useQueryClient();
  const emailId = useId();
  const passwordId = useId();
  const errorId = useId();
  const attempt = useMutation({
    mutationFn: ({ email, password }: { email: string; password: string }) => signIn(email, password),
    onSuccess: async (outcome: SignInOutcome) => {
      if (outcome.kind !== 'signed-in') return;
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      await router.navigate({ href: returnTo });
    },
  });
  const outcome = attempt.data;
  const failed = outcome !== undefined && outcome.kind !== 'signed-in';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    attempt.mutate({ email: String(form.get('email') ?? ''), password: String(form.get('password') ?? '') });
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-6">
      <title>{t`Connexion · Comptoir`}</title>
      <div className="w-full max-w-sm rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="mb-6 text-2xl font-semibold text-slate-900">
          <Trans>Connexion à Comptoir</Trans>
        </h1>
        <form
          onSubmit={submit}
          className="flex flex-col gap-4"
          aria-describedby={failed ? errorId : undefined}
        >
          {failed && <SignInError id={errorId} outcome={outcome} />}
          <div className="flex flex-col gap-1">
            <label htmlFor={emailId} className="font-medium text-slate-800">
              <Trans>Adresse e-mail</Trans>
            </label>
            <input
              id={emailId}
              name="email"
              type="email"
              autoComplete="username"
              required
              aria-invalid={outcome?.kind === 'refused' || undefined}
              className="rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={passwordId} className="font-medium text-slate-800">
              <Trans>Mot de passe</Trans>
            </label>
            <input
              id={passwordId}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              aria-invalid={outcome?.kind === 'refused' || undefined}
              className="rounded-md border border-slate-400 px-3 py-2"
            />
          </div>
          <button
            type="submit"
            disabled={attempt.isPending}
            className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800 disabled:opacity-70"
          >
            {attempt.isPending ? <Trans>Connexion…</Trans> : <Trans>Se connecter</Trans>}
          </button>
        </form>
        <p className="mt-4">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline">
            <Trans>Mot de passe oublié ?</Trans>
          </Link>
        </p>
      </div>
    </main>
  );
}
