import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute, redirect } from '@tanstack/react-router';

/** The app's home: the first workspace the person belongs to. */
export const Route = createFileRoute('/_authed/')({
  beforeLoad: ({ context }) => {
    const first = context.me.memberships[0];
    if (first !== undefined)
      throw redirect({ to: '/$workspaceId', params: { workspaceId: first.workspaceId } });
  },
  component: NoWorkspace,
});

function NoWorkspace() {
  const { t } = useLingui();
  return (
    <main className="mx-auto flex min-h-screen max-w-lg flex-col justify-center gap-4 p-8">
      <title>{t`Aucun espace · Comptoir`}</title>
      <h1 className="text-2xl font-semibold text-slate-900">
        <Trans>Vous n’êtes membre d’aucun espace</Trans>
      </h1>
      <p className="text-slate-700">
        <Trans>
          Demandez au propriétaire de l’espace de votre entreprise de vous inviter : le lien d’invitation vous
          y amènera.
        </Trans>
      </p>
    </main>
  );
}
