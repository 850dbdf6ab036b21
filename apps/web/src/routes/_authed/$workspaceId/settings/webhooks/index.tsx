import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { requirePermission } from '../../../../../components/settings/require.ts';
import { SettingsSkeleton } from '../../../../../components/settings/skeleton.tsx';
import { endpointsQuery } from '../../../../../components/settings/webhooks/queries.ts';
import { WebhooksScreen } from '../../../../../components/settings/webhooks/webhooks-screen.tsx';

export const Route = createFileRoute('/_authed/$workspaceId/settings/webhooks/')({
  validateSearch: z.object({ page: z.number().int().min(1).optional().catch(undefined) }),
  beforeLoad: ({ context }) => requirePermission(context.membership, 'read:webhooks'),
  loaderDeps: ({ search }) => ({ page: search.page ?? 1 }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(endpointsQuery(deps.page)),
  pendingComponent: SettingsSkeleton,
  pendingMs: 200,
  component: WebhooksRoute,
});

function WebhooksRoute() {
  const { workspaceId } = Route.useParams();
  const { page } = Route.useSearch();
  return <WebhooksScreen workspaceId={workspaceId} page={page ?? 1} />;
}
