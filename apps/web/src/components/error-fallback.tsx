import { Trans } from '@lingui/react/macro';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';

/** What a screen shows when its data cannot be loaded: words and a way to try again, never a stack. */
export function ErrorFallback({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div role="alert" className="mx-auto flex max-w-lg flex-col gap-3 p-8">
      <h1 className="text-xl font-semibold text-slate-900">
        <Trans>Cette page n’a pas pu être chargée</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>Le serveur n’a pas répondu comme prévu. Vérifiez votre connexion, puis réessayez.</Trans>
      </p>
      <p>
        <button
          type="button"
          className="rounded-md bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <Trans>Réessayer</Trans>
        </button>
      </p>
    </div>
  );
}
