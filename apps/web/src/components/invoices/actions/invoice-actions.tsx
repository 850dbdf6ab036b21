import { Trans } from '@lingui/react/macro';
import { Link, useParams } from '@tanstack/react-router';
import { useCan } from '../../../session/permissions.ts';
import { buttonClass } from '../../ui/button.tsx';
import type { InvoiceDetail } from '../detail/types.ts';
import { allowedActions } from './allowed.ts';
import { CancelAction } from './cancel-action.tsx';
import { DocumentActions } from './document-actions.tsx';
import { PaymentAction } from './payment-dialog.tsx';
import { SendAction } from './send-action.tsx';

/** The detail's actions: only those the invoice's status and the member's role allow. */
export function InvoiceActions({ invoice }: { invoice: InvoiceDetail }) {
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const allowed = allowedActions(invoice, {
    draft: useCan('draft:invoices'),
    write: useCan('write:invoices'),
  });
  return (
    <>
      {allowed.edit && (
        <Link
          to="/$workspaceId/invoices/$invoiceId/edit"
          params={{ workspaceId, invoiceId: invoice.id }}
          className={buttonClass('secondary')}
        >
          <Trans>Modifier</Trans>
        </Link>
      )}
      <DocumentActions invoice={invoice} xml={allowed.xml} />
      {allowed.recordPayment && <PaymentAction invoice={invoice} />}
      {allowed.send && <SendAction invoice={invoice} />}
      {allowed.cancel !== false && <CancelAction invoice={invoice} kind={allowed.cancel} />}
    </>
  );
}
