import { Trans } from '@lingui/react/macro';
import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { serverErrorOf } from '../forms/server-error.ts';
import { buttonClass } from './ui/button.tsx';

/**
 * What a screen shows when its data cannot be loaded: words and a way on, never a stack. A
 * refusal says what it is (the role does not allow it, the record is gone), where a retry would
 * change nothing; anything else offers to try again.
 */
export function ErrorFallback({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const status = serverErrorOf(error)?.httpStatus;
  if (status === 403)
    return (
      <Problem title={<Trans>Accès réservé</Trans>}>
        <p className="text-slate-700">
          <Trans>Votre rôle dans cet espace ne permet pas d’ouvrir cette page.</Trans>
        </p>
        <HomeLink />
      </Problem>
    );
  if (status === 404)
    return (
      <Problem title={<Trans>Introuvable</Trans>}>
        <p className="text-slate-700">
          <Trans>Cet élément n’existe pas ou plus dans cet espace. Le lien est peut-être ancien.</Trans>
        </p>
        <HomeLink />
      </Problem>
    );
  return (
    <Problem title={<Trans>Cette page n’a pas pu être chargée</Trans>}>
      <p className="text-slate-700">
        <Trans>Le serveur n’a pas répondu comme prévu. Vérifiez votre connexion, puis réessayez.</Trans>
      </p>
      <p>
        <button
          type="button"
          className={buttonClass()}
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <Trans>Réessayer</Trans>
        </button>
      </p>
    </Problem>
  );
}

function Problem({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col gap-3 p-8">
      <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
      {children}
    </div>
  );
}

function HomeLink() {
  return (
    <p>
      <Link to="/" className="font-medium text-brand-700 underline">
        <Trans>Retour à l’accueil</Trans>
      </Link>
    </p>
  );
}
