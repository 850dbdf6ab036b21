import { Trans } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';

/** Where a role may not make or change drafts: says so, and leads back to the list. */
export function NotAllowed() {
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  return (
    <EmptyState title={<Trans>Votre rôle ne permet pas de préparer des factures</Trans>}>
      <p className="text-slate-700">
        <Trans>Demandez à un propriétaire ou à un comptable de l’espace.</Trans>
      </p>
      <Link to="/$workspaceId/invoices" params={{ workspaceId }} className={buttonClass()}>
        <Trans>Voir les factures</Trans>
      </Link>
    </EmptyState>
  );
}
