import { Trans } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { buttonClass } from '../ui/button.tsx';
import { EmptyState } from '../ui/empty-state.tsx';
import { ClearSearchLink, PastTheLastPage } from '../ui/list-empty-states.tsx';
import { type InvoiceStatus, useInvoiceStatusLabels } from './status-labels.ts';

const actionClass = buttonClass();

export function NoInvoicesYet({ canDraft }: { canDraft: boolean }) {
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  return (
    <EmptyState title={<Trans>Pas encore de facture</Trans>}>
      <p className="text-slate-700">
        <Trans>
          Les factures de cet espace apparaîtront ici : celles créées ici, celles converties d’un devis
          accepté, et celles créées par l’API ou par la commande <code>pnpm cli</code>.
        </Trans>
      </p>
      {canDraft && (
        <Link to="/$workspaceId/invoices/new" params={{ workspaceId }} className={actionClass}>
          <Trans>Créer une facture</Trans>
        </Link>
      )}
    </EmptyState>
  );
}

export function NoInvoicesWithStatus({ status }: { status: InvoiceStatus }) {
  const label = useInvoiceStatusLabels()[status];
  return (
    <EmptyState title={<Trans>Aucune facture « {label} »</Trans>}>
      <p className="text-slate-700">
        <Trans>Aucune facture de cet espace n’a ce statut. Retirez le filtre pour les voir toutes.</Trans>
      </p>
      <Link from="/$workspaceId/invoices/" search={{}} className={actionClass}>
        <Trans>Voir toutes les factures</Trans>
      </Link>
    </EmptyState>
  );
}

export function NoMatchingInvoices({ q }: { q: string }) {
  return (
    <EmptyState title={<Trans>Aucune facture ne correspond à « {q} »</Trans>}>
      <p className="text-slate-700">
        <Trans>La recherche porte sur le numéro, le nom du client et sa société. Essayez un autre mot.</Trans>
      </p>
      <ClearSearchLink />
    </EmptyState>
  );
}

export function PastTheLastInvoicePage() {
  return (
    <PastTheLastPage
      why={<Trans>La liste est plus courte que cela : des factures ont peut-être changé de statut.</Trans>}
    />
  );
}
