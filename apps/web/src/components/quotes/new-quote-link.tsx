import { Trans } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { useCan } from '../../session/permissions.ts';
import { buttonClass } from '../ui/button.tsx';

/** "Nouveau devis", for a member who may write quotes; nothing for the others. */
export function NewQuoteLink() {
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  if (!useCan('write:quotes')) return null;
  return (
    <Link to="/$workspaceId/quotes/new" params={{ workspaceId }} className={buttonClass()}>
      <Trans>Nouveau devis</Trans>
    </Link>
  );
}
