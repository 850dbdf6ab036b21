import { createFileRoute } from '@tanstack/react-router';
import { DashboardScreen } from '../../../components/dashboard/dashboard-screen.tsx';

export const Route = createFileRoute('/_authed/$workspaceId/')({
  // The queries of the widgets the role may read, started and not awaited: each widget shows
  // its own skeleton until its answer comes, and its own failure. The options are those of
  // components/dashboard/queries.ts, written from the route's context so that the app's first
  // load carries none of the dashboard's code.
  loader: ({ context: { membership, queryClient, trpc } }) => {
    const may = (permission: string) => (membership.scopes as readonly string[]).includes(permission);
    if (may('read:invoices')) void queryClient.prefetchQuery(trpc.dashboard.receivables.queryOptions());
    if (may('read:quotes')) void queryClient.prefetchQuery(trpc.dashboard.quotesAwaiting.queryOptions());
    if (may('read:opportunities')) void queryClient.prefetchQuery(trpc.dashboard.followUps.queryOptions());
    if (may('read:products')) void queryClient.prefetchQuery(trpc.dashboard.lowStock.queryOptions());
  },
  component: DashboardRoute,
});

function DashboardRoute() {
  const { workspaceId } = Route.useParams();
  return <DashboardScreen workspaceId={workspaceId} />;
}
