import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { useCan } from '../../../session/permissions.ts';
import { trpc } from '../../../trpc/client.ts';
import { buttonClass } from '../../ui/button.tsx';
import { EmptyState } from '../../ui/empty-state.tsx';
import { PageHeader } from '../../ui/page-header.tsx';
import { NotAllowed } from '../not-allowed.tsx';
import { InvoiceEditForm } from './invoice-edit-form.tsx';

/** The edit screen of a draft; an invoice already issued says it can no longer change. */
export function InvoiceEditScreen({ invoiceId }: { invoiceId: string }) {
  const { t } = useLingui();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const canDraft = useCan('draft:invoices');
  const { data } = useSuspenseQuery(trpc.invoices.get.queryOptions({ id: invoiceId }));
  const invoice = data.data;
  const number = invoice.number;
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t`Modifier la facture ${number}`} documentTitle={t`Modifier ${number} · Comptoir`} />
      {!canDraft ? (
        <NotAllowed />
      ) : invoice.status !== 'DRAFT' ? (
        <EmptyState title={<Trans>Cette facture n’est plus un brouillon</Trans>}>
          <p className="text-slate-700">
            <Trans>Une facture émise ne change plus : pour la corriger, annulez-la par un avoir.</Trans>
          </p>
          <Link
            to="/$workspaceId/invoices/$invoiceId"
            params={{ workspaceId, invoiceId }}
            className={buttonClass()}
          >
            <Trans>Voir la facture</Trans>
          </Link>
        </EmptyState>
      ) : (
        <InvoiceEditForm invoice={invoice} />
      )}
    </div>
  );
}
