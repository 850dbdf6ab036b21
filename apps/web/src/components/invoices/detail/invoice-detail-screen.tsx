import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { trpc } from '../../../trpc/client.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { InvoiceActions } from '../actions/invoice-actions.tsx';
import { StatusBadge } from '../status-badge.tsx';
import { ClientCard } from './client-card.tsx';
import { CreditLinks } from './credit-links.tsx';
import { DatesCard } from './dates-card.tsx';
import { EinvoiceCard } from './einvoice-card.tsx';
import { LinesTable } from './lines-table.tsx';
import { PaymentsCard } from './payments-card.tsx';
import { Timeline } from './timeline.tsx';
import { TotalsCard } from './totals-card.tsx';

/** One invoice or credit note: who, when, what, how much, what was paid, and what can be done next. */
export function InvoiceDetailScreen({ invoiceId }: { invoiceId: string }) {
  const { t } = useLingui();
  const { workspaceId } = useParams({ from: '/_authed/$workspaceId' });
  const { data } = useSuspenseQuery(trpc.invoices.get.queryOptions({ id: invoiceId }));
  const invoice = data.data;
  const number = invoice.number;
  const title = invoice.type === 'credit_note' ? t`Avoir ${number}` : t`Facture ${number}`;
  return (
    <div className="flex flex-col gap-4">
      <Link to="/$workspaceId/invoices" params={{ workspaceId }} className="text-sm text-brand-700 underline">
        <Trans>← Toutes les factures</Trans>
      </Link>
      <PageHeader
        title={title}
        documentTitle={t`${title} · Comptoir`}
        actions={<InvoiceActions invoice={invoice} />}
      >
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          <StatusBadge status={invoice.status} />
          <span>{invoice.title}</span>
        </p>
      </PageHeader>
      <CreditLinks invoice={invoice} />
      <div className="grid gap-4 lg:grid-cols-3">
        <ClientCard invoice={invoice} />
        <DatesCard invoice={invoice} />
        <TotalsCard invoice={invoice} />
      </div>
      <LinesTable invoice={invoice} />
      <div className="grid gap-4 lg:grid-cols-2">
        <PaymentsCard invoice={invoice} />
        <EinvoiceCard invoice={invoice} />
      </div>
      <Timeline invoice={invoice} />
    </div>
  );
}
