import { Plural, Trans } from '@lingui/react/macro';
import type { SignInOutcome } from '../../session/auth.ts';

/** Why signing in failed, in words, announced to screen readers as it appears. */
export function SignInError({
  id,
  outcome,
}: {
  id: string;
  outcome: Exclude<SignInOutcome, { kind: 'signed-in' }>;
}) {
  return (
    <p id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-800">
      <SignInErrorText outcome={outcome} />
    </p>
  );
}

function SignInErrorText({ outcome }: { outcome: Exclude<SignInOutcome, { kind: 'signed-in' }> }) {
  switch (outcome.kind) {
    case 'refused':
      return <Trans>Adresse e-mail ou mot de passe incorrect.</Trans>;
    case 'too-many-attempts': {
      if (outcome.retryAfterSeconds === undefined)
        return <Trans>Trop de tentatives de connexion. Réessayez dans quelques minutes.</Trans>;
      const seconds = outcome.retryAfterSeconds;
      const minutes = Math.ceil(seconds / 60);
      return seconds < 60 ? (
        <Plural
          value={seconds}
          one="Trop de tentatives de connexion. Réessayez dans # seconde."
          other="Trop de tentatives de connexion. Réessayez dans # secondes."
        />
      ) : (
        <Plural
          value={minutes}
          one="Trop de tentatives de connexion. Réessayez dans # minute."
          other="Trop de tentatives de connexion. Réessayez dans # minutes."
        />
      );
    }
    case 'unavailable':
      return <Trans>Le service de connexion ne répond pas. Réessayez dans un instant.</Trans>;
  }
}
