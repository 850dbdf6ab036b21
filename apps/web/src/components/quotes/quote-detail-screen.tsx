import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCan } from '../../session/permissions.ts';
import { trpc } from '../../trpc/client.ts';
import { PageHeader } from '../ui/page-header.tsx';
import { ClientPanel, Panel } from './client-panel.tsx';
import { InvoiceLink } from './invoice-link.tsx';
import { QuoteLinesTable } from './lines-table.tsx';
import { OpportunityLink } from './opportunity-link.tsx';
import { QuoteActions } from './quote-actions.tsx';
import { QuoteStatusBadge } from './status-badge.tsx';
import { TermsPanel } from './terms-panel.tsx';
import { QuoteTimeline } from './timeline.tsx';
import { QuoteTotals } from './totals.tsx';

/** One quote: who it is for, what it sells, its totals, where it stands, and what can be done next. */
export function QuoteDetailScreen({ workspaceId, quoteId }: { workspaceId: string; quoteId: string }) {
  const { t } = useLingui();
  const {
    data: { data: quote },
  } = useSuspenseQuery(trpc.quotes.get.queryOptions({ id: quoteId }));
  const name = quote.number ?? t`Devis brouillon`;
  const canReadOpportunities = useCan('read:opportunities');
  return (
    <div className="flex flex-col gap-6">
      <Link
        to="/$workspaceId/quotes"
        params={{ workspaceId }}
        className="self-start text-sm text-brand-700 underline underline-offset-2"
      >
        <Trans>← Tous les devis</Trans>
      </Link>
      <PageHeader
        title={name}
        documentTitle={t`${name} · Devis · Comptoir`}
        actions={<QuoteActions workspaceId={workspaceId} quote={quote} />}
      >
        <p className="flex flex-wrap items-center gap-2 text-slate-700">
          <span>{quote.title}</span>
          <QuoteStatusBadge status={quote.status} />
        </p>
      </PageHeader>
      <div className="grid gap-4 md:grid-cols-2">
        <ClientPanel quote={quote} />
        <TermsPanel
          quote={quote}
          opportunityLink={
            quote.opportunityId === null || !canReadOpportunities ? null : (
              <OpportunityLink workspaceId={workspaceId} opportunityId={quote.opportunityId} />
            )
          }
          invoiceLink={
            quote.invoiceId === null ? null : (
              <InvoiceLink workspaceId={workspaceId} invoiceId={quote.invoiceId} />
            )
          }
        />
      </div>
      <section aria-labelledby="quote-lines" className="flex flex-col gap-3">
        <h2 id="quote-lines" className="text-lg font-semibold">
          <Trans>Lignes</Trans>
        </h2>
        <QuoteLinesTable lines={quote.lines} currency={quote.currency} />
        <QuoteTotals totals={quote.totals} currency={quote.currency} />
      </section>
      {[quote.introText, quote.terms, quote.notes].some(Boolean) && (
        <div className="grid gap-4 md:grid-cols-2">
          {quote.introText && (
            <Panel title={<Trans>Introduction</Trans>}>
              <p className="whitespace-pre-line text-sm">{quote.introText}</p>
            </Panel>
          )}
          {quote.terms && (
            <Panel title={<Trans>Conditions</Trans>}>
              <p className="whitespace-pre-line text-sm">{quote.terms}</p>
            </Panel>
          )}
          {quote.notes && (
            <Panel title={<Trans>Notes</Trans>}>
              <p className="whitespace-pre-line text-sm">{quote.notes}</p>
            </Panel>
          )}
        </div>
      )}
      <QuoteTimeline quoteId={quoteId} />
    </div>
  );
}
