import { createFileRoute, redirect } from '@tanstack/react-router';

// The dashboard is not built yet: a workspace opens on its invoices until it is.
export const Route = createFileRoute('/_authed/$workspaceId/')({
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/$workspaceId/invoices', params });
  },
});
