import { Trans, useLingui } from '@lingui/react/macro';
import { useCan } from '../../session/permissions.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { FollowUps } from './follow-ups.tsx';
import { LowStock } from './low-stock.tsx';
import { QuotesAwaiting } from './quotes-awaiting.tsx';
import { DueSoonCard, OverdueCard } from './receivable-cards.tsx';
import { RevenueChart } from './revenue-chart.tsx';
import { Widget } from './widget.tsx';

/**
 * The workspace's home: what is owed, what was invoiced, and what needs doing. Each widget reads
 * its own procedure and is shown only to a role that may read it.
 */
export function DashboardScreen({ workspaceId }: { workspaceId: string }) {
  const { t } = useLingui();
  const invoices = useCan('read:invoices');
  const quotes = useCan('read:quotes');
  const opportunities = useCan('read:opportunities');
  const products = useCan('read:products');
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t`Tableau de bord`} documentTitle={t`Tableau de bord · Comptoir`} />
      {invoices && (
        <div className="grid gap-4 md:grid-cols-2">
          <Widget title={<Trans>En retard de paiement</Trans>}>
            <OverdueCard workspaceId={workspaceId} />
          </Widget>
          <Widget title={<Trans>À encaisser sous 30 jours</Trans>}>
            <DueSoonCard workspaceId={workspaceId} />
          </Widget>
          <Widget title={<Trans>Chiffre d’affaires HT, 12 derniers mois</Trans>} className="md:col-span-2">
            <RevenueChart />
          </Widget>
        </div>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        {quotes && (
          <Widget title={<Trans>Devis en attente de réponse</Trans>}>
            <QuotesAwaiting workspaceId={workspaceId} />
          </Widget>
        )}
        {opportunities && (
          <Widget title={<Trans>Opportunités à relancer</Trans>}>
            <FollowUps workspaceId={workspaceId} />
          </Widget>
        )}
        {products && (
          <Widget title={<Trans>Produits sous le seuil d’alerte</Trans>}>
            <LowStock workspaceId={workspaceId} />
          </Widget>
        )}
      </div>
      {!(invoices || quotes || opportunities || products) && (
        <p className="text-slate-700">
          <Trans>
            Votre rôle ne donne accès à aucun tableau de bord. Les sections du menu restent à votre
            disposition.
          </Trans>
        </p>
      )}
    </div>
  );
}
