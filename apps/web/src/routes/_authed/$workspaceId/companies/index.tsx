import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '../../../../components/ui/page-header.tsx';

// PLACEHOLDER: replaced by the screen's own route.
export const Route = createFileRoute('/_authed/$workspaceId/companies/')({ component: Screen });

function Screen() {
  const { t } = useLingui();
  return <PageHeader title={t`Sociétés`} documentTitle={t`Sociétés · Comptoir`} />;
}
