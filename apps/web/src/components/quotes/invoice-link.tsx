import { Trans } from '@lingui/react/macro';
import { Link, type UseNavigateResult } from '@tanstack/react-router';

/** The invoice a quote became, as a link to its detail. */
export function InvoiceLink({ workspaceId, invoiceId }: { workspaceId: string; invoiceId: string }) {
  return (
    <Link
      to="/$workspaceId/invoices/$invoiceId"
      params={{ workspaceId, invoiceId }}
      className="font-medium text-brand-700 underline"
    >
      <Trans>Voir la facture</Trans>
    </Link>
  );
}

/** After a conversion: the new invoice's detail, where the person reviews it before sending. */
export function goToInvoice(
  navigate: UseNavigateResult<string>,
  workspaceId: string,
  invoiceId: string,
): Promise<void> {
  return navigate({ to: '/$workspaceId/invoices/$invoiceId', params: { workspaceId, invoiceId } });
}
