import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';

/** The opportunity the quote answers, opened in the board's sheet. */
export function OpportunityLink({
  workspaceId,
  opportunityId,
}: {
  workspaceId: string;
  opportunityId: string;
}) {
  return (
    <Link
      to="/$workspaceId/opportunities"
      params={{ workspaceId }}
      search={{ opportunity: opportunityId }}
      className="font-medium text-brand-700 underline"
    >
      <Trans>Voir l’opportunité</Trans>
    </Link>
  );
}
