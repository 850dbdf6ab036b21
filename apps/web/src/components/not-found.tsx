import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  const { t } = useLingui();
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-4 p-8">
      <title>{t`Page introuvable · Comptoir`}</title>
      <h1 className="text-2xl font-semibold text-slate-900">
        <Trans>Page introuvable</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Cette adresse ne mène à aucune page de Comptoir. Le lien est peut-être incomplet ou ancien.
        </Trans>
      </p>
      <p>
        <Link to="/" className="font-medium text-brand-700 underline">
          <Trans>Retour à l’accueil</Trans>
        </Link>
      </p>
    </main>
  );
}
