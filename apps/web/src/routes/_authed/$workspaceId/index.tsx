import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../../components/dashboard/dashboard-screen.tsx';
import { dashboardQueries } from '../../../components/dashboard/queries.ts';
import { DashboardSkeleton } from '../../../components/dashboard/skeleton.tsx';

export const Route = createFileRoute('/_authed/$workspaceId/')({
  // Started, not awaited: each widget waits for its own answer (and shows its own failure).
  // Only what the role may read (the widgets shown).
  loader: ({ context: { membership, queryClient } }) => {
    const may = (permission: string) => (membership.scopes as readonly string[]).includes(permission);
    if (may('read:invoices')) void queryClient.prefetchQuery(dashboardQueries.receivables());
    if (may('read:quotes')) void queryClient.prefetchQuery(dashboardQueries.quotesAwaiting());
    if (may('read:opportunities')) void queryClient.prefetchQuery(dashboardQueries.followUps());
    if (may('read:products')) void queryClient.prefetchQuery(dashboardQueries.lowStock());
  },
  pendingComponent: DashboardSkeleton,
  pendingMs: 200,
  component: DashboardRoute,
});

function DashboardRoute() {
  const { workspaceId } = Route.useParams();
  return <DashboardScreen workspaceId={workspaceId} />;
}
