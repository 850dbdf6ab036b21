import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { trpc } from '../../../trpc/client.ts';
import type { InvoiceDetail } from './types.ts';

const linkClass = 'font-medium text-brand-700 underline';

/**
 * The link between an invoice cancelled by a credit note and that credit note, shown on both:
 * "Annulée par l'avoir AV-…" on the one, "Avoir de la facture INV-…" on the other.
 */
export function CreditLinks({ invoice }: { invoice: InvoiceDetail }) {
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const otherId = invoice.type === 'credit_note' ? invoice.creditedInvoiceId : invoice.creditNoteId;
  const other = useQuery({
    ...trpc.invoices.get.queryOptions({ id: otherId ?? '' }),
    enabled: otherId !== null,
  });
  if (otherId === null) return null;
  const number = other.data?.data.number ?? otherId;
  const link = (
    <Link
      to="/$workspaceId/invoices/$invoiceId"
      params={{ workspaceId, invoiceId: otherId }}
      className={linkClass}
    >
      {number}
    </Link>
  );
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-slate-900">
      {invoice.type === 'credit_note' ? (
        <Trans>Cet avoir annule la facture {link}.</Trans>
      ) : (
        <Trans>Cette facture est annulée par l’avoir {link}.</Trans>
      )}
    </p>
  );
}
