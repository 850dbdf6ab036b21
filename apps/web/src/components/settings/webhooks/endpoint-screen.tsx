import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../../session/permissions.ts';
import { trpc } from '../../../trpc/client.ts';
import { Button } from '../../ui/button.tsx';
import { Pager, pageCount } from '../../ui/pager.tsx';
import { SectionHeader } from '../layout.tsx';
import { DeliveriesTable } from './deliveries-table.tsx';
import { EditEndpoint, ToggleEndpoint } from './edit-endpoint.tsx';
import { deliveriesPageSize, deliveriesQuery, endpointQuery } from './queries.ts';
import { DeleteEndpoint, RotateSecret } from './secret-and-delete.tsx';
import { EndpointStatus } from './status-label.tsx';

/** One endpoint: what it receives, what can be done to it, and every attempt to deliver to it. */
export function EndpointScreen({
  workspaceId,
  endpointId,
  page,
}: {
  workspaceId: string;
  endpointId: string;
  page: number;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const { data: endpoint } = useSuspenseQuery(endpointQuery(endpointId));
  const { data: deliveries, isFetching } = useSuspenseQuery({
    ...deliveriesQuery(endpointId, page),
    // While a delivery is still being tried, its next attempts show without a click.
    refetchInterval: (query) =>
      query.state.data?.data.some((attempt) => attempt.deliveryStatus === 'pending') ? 5000 : false,
  });
  const canWrite = useCan('write:webhooks');
  const view = endpoint.data;
  const url = view.url;
  const events = view.events.includes('*') ? t`tous les événements` : view.events.join(', ');
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/$workspaceId/settings/webhooks"
        params={{ workspaceId }}
        className="self-start text-brand-700 underline"
      >
        <Trans>← Tous les endpoints</Trans>
      </Link>
      <SectionHeader
        title={<span className="break-all">{view.url}</span>}
        documentTitle={t`Endpoint ${url} · Webhooks · Comptoir`}
        description={view.description ?? undefined}
        actions={
          canWrite ? (
            <>
              <EditEndpoint endpoint={view} />
              <ToggleEndpoint endpoint={view} />
              <RotateSecret endpoint={view} />
              <DeleteEndpoint endpoint={view} workspaceId={workspaceId} />
            </>
          ) : undefined
        }
      />
      <dl className="grid gap-x-6 gap-y-2 rounded-lg bg-white p-4 shadow-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-700">
          <Trans>État</Trans>
        </dt>
        <dd>
          <EndpointStatus endpoint={view} />
        </dd>
        <dt className="font-medium text-slate-700">
          <Trans>Reçoit</Trans>
        </dt>
        <dd className="break-words">{events}</dd>
      </dl>
      <section aria-labelledby="deliveries-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="deliveries-heading" className="text-lg font-semibold">
            <Trans>Envois</Trans>
          </h3>
          <Button
            variant="secondary"
            pending={isFetching}
            onClick={() => void queryClient.invalidateQueries(trpc.webhookEndpoints.deliveries.pathFilter())}
          >
            <Trans>Actualiser</Trans>
          </Button>
        </div>
        {deliveries.data.length > 0 ? (
          <>
            <DeliveriesTable attempts={deliveries.data} endpointId={endpointId} canRedeliver={canWrite} />
            <Pager page={page} pages={pageCount(deliveries.pagination.total, deliveriesPageSize)} />
          </>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
            <Trans>
              Aucun envoi pour l’instant : le prochain événement que reçoit cet endpoint apparaîtra ici, avec
              la réponse de votre serveur. « Actualiser » relit la liste.
            </Trans>
          </p>
        )}
      </section>
    </div>
  );
}
