import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../../components/ui/page-header.tsx';

// PLACEHOLDER: replaced by the screen's own route.
export const Route = createFileRoute('/_authed/$workspaceId/contacts/')({ component: Screen });

function Screen() {
  const { t } = useLingui();
  return <PageHeader title={t`Contacts`} documentTitle={t`Contacts · Comptoir`} />;
}
