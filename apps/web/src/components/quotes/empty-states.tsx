import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { ClearSearchLink, PastTheLastPage } from '../ui/list-empty-states.tsx';
import { type QuoteStatus, useQuoteStatusLabels } from './status-labels.ts';

const actionClass = buttonClass('secondary');

/** The workspace has no quote at all: say how to make the first one. */
export function NoQuotesYet({ create }: { create: ReactNode }) {
  return (
    <EmptyState title={<Trans>Pas encore de devis</Trans>}>
      <p className="text-slate-700">
        <Trans>
          Un devis chiffre une prestation pour un client. Une fois accepté, il devient une facture en un clic.
        </Trans>
      </p>
      {create}
    </EmptyState>
  );
}

/** Quotes exist, none of them with the status chosen. */
export function NoQuotesWithStatus({ status }: { status: QuoteStatus }) {
  const label = useQuoteStatusLabels()[status];
  return (
    <EmptyState title={<Trans>Aucun devis « {label} »</Trans>}>
      <p className="text-slate-700">
        <Trans>Aucun devis de cet espace n’a ce statut. Retirez le filtre pour les voir tous.</Trans>
      </p>
      <Link from="/$workspaceId/quotes/" to="." search={{}} className={actionClass}>
        <Trans>Voir tous les devis</Trans>
      </Link>
    </EmptyState>
  );
}

/** A search found nothing (with or without a status): say what was looked for, and how to look again. */
export function NoQuotesMatching({ q }: { q: string }) {
  return (
    <EmptyState title={<Trans>Aucun devis ne correspond à « {q} »</Trans>}>
      <p className="text-slate-700">
        <Trans>
          La recherche porte sur le numéro, le nom du client et sa société. Vérifiez l’orthographe ou
          effacez-la.
        </Trans>
      </p>
      <ClearSearchLink variant="secondary" />
    </EmptyState>
  );
}

export function PastTheLastQuotePage() {
  return (
    <PastTheLastPage
      why={<Trans>La liste est plus courte que cela : des devis ont peut-être changé de statut.</Trans>}
      variant="secondary"
    />
  );
}
