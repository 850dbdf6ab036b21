import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { firstSettingsTab } from '../../../../components/settings/tabs.tsx';

/** /settings opens the first section the role may see. */
export const Route = createFileRoute('/_authed/$workspaceId/settings/')({
  beforeLoad: ({ context, params }) => {
    const to = firstSettingsTab(context.membership.scopes);
    if (to === undefined) throw notFound();
    throw redirect({ to, params, replace: true });
  },
});
