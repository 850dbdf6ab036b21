import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCan } from '../../../session/permissions.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { Pager, pageCount } from '../../ui/pager.tsx';
import { SectionHeader } from '../layout.tsx';
import { CreateEndpointDialog } from './create-endpoint-dialog.tsx';
import { EndpointsTable } from './endpoints-table.tsx';
import { endpointsPageSize, endpointsQuery } from './queries.ts';

export function WebhooksScreen({ workspaceId, page }: { workspaceId: string; page: number }) {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(endpointsQuery(page));
  const canWrite = useCan('write:webhooks');
  const total = data.pagination.total;
  return (
    <div className="flex flex-col gap-6">
      <SectionHeader
        title={t`Webhooks`}
        documentTitle={t`Webhooks · Réglages · Comptoir`}
        description={t`Les adresses où Comptoir envoie les événements de l’espace dès qu’ils se produisent.`}
        actions={canWrite ? <CreateEndpointDialog workspaceId={workspaceId} /> : undefined}
      />
      {data.data.length > 0 ? (
        <>
          <EndpointsTable endpoints={data.data} workspaceId={workspaceId} />
          <Pager page={page} pages={pageCount(total, endpointsPageSize)} />
        </>
      ) : (
        <EmptyState title={<Trans>Pas encore d’endpoint</Trans>}>
          <p className="text-slate-700">
            {canWrite ? (
              <Trans>
                Ajoutez l’URL de votre serveur : il recevra chaque facture envoyée, chaque paiement, chaque
                mouvement de stock, signés avec un secret à vous.
              </Trans>
            ) : (
              <Trans>Aucun endpoint n’est enregistré. Un propriétaire peut en ajouter.</Trans>
            )}
          </p>
        </EmptyState>
      )}
    </div>
  );
}
