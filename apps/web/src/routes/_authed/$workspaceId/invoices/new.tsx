import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { InvoiceCreateForm } from '../../../../components/invoices/form/invoice-create-form.tsx';
import { NotAllowed } from '../../../../components/invoices/not-allowed.tsx';
import { PageHeader } from '../../../../components/ui/page-header.tsx';
import { useCan } from '../../../../session/permissions.ts';

export const Route = createFileRoute('/_authed/$workspaceId/invoices/new')({ component: NewInvoiceRoute });

function NewInvoiceRoute() {
  const { t } = useLingui();
  const canDraft = useCan('draft:invoices');
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t`Nouvelle facture`} documentTitle={t`Nouvelle facture · Comptoir`} />
      {canDraft ? <InvoiceCreateForm /> : <NotAllowed />}
    </div>
  );
}
