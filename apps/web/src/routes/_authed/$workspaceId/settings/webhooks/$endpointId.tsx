import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { requirePermission } from '../../../../../components/settings/require.ts';
import { SettingsSkeleton } from '../../../../../components/settings/skeleton.tsx';
import { EndpointScreen } from '../../../../../components/settings/webhooks/endpoint-screen.tsx';
import { deliveriesQuery, endpointQuery } from '../../../../../components/settings/webhooks/queries.ts';

export const Route = createFileRoute('/_authed/$workspaceId/settings/webhooks/$endpointId')({
  validateSearch: z.object({ page: z.number().int().min(1).optional().catch(undefined) }),
  beforeLoad: ({ context }) => requirePermission(context.membership, 'read:webhooks'),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, params, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(endpointQuery(params.endpointId)),
      context.queryClient.ensureQueryData(deliveriesQuery(params.endpointId, deps.page)),
    ]),
  pendingComponent: SettingsSkeleton,
  pendingMs: 200,
  component: EndpointRoute,
});

function EndpointRoute() {
  const { workspaceId, endpointId } = Route.useParams();
  const { page } = Route.useSearch();
  return <EndpointScreen workspaceId={workspaceId} endpointId={endpointId} page={page ?? 1} />;
}
