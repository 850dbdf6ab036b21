import type { QuoteDetailView } from '@comptoir/core/schemas';
import { Plural, Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatDay } from '../../format.ts';
import { Fact, Facts, Panel } from './client-panel.tsx';
import { QuoteStatusBadge } from './status-badge.tsx';
import { validUntil } from './validity.ts';

/** Where the quote stands: status, validity, the dates that matter, the invoice it became. */
export function TermsPanel({
  quote,
  invoiceLink,
  opportunityLink,
}: {
  quote: QuoteDetailView;
  invoiceLink: ReactNode;
  opportunityLink: ReactNode;
}) {
  const until = validUntil(quote);
  const days = quote.validityDays;
  const untilDay = until === null ? '' : formatDay(until);
  return (
    <Panel title={<Trans>Suivi</Trans>}>
      <Facts>
        <Fact label={<Trans>Statut</Trans>}>
          <QuoteStatusBadge status={quote.status} />
        </Fact>
        <Fact label={<Trans>Validité</Trans>}>
          {until === null ? (
            <Trans>
              <Plural value={days} one="# jour" other="# jours" /> à compter de l’envoi
            </Trans>
          ) : (
            <Trans>
              <Plural value={days} one="# jour" other="# jours" />, jusqu’au {untilDay}
            </Trans>
          )}
        </Fact>
        <Fact label={<Trans>Créé le</Trans>}>{formatDay(quote.createdAt)}</Fact>
        {quote.sentAt !== null && <Fact label={<Trans>Envoyé le</Trans>}>{formatDay(quote.sentAt)}</Fact>}
        {quote.signedAt !== null && <Fact label={<Trans>Signé le</Trans>}>{formatDay(quote.signedAt)}</Fact>}
        {invoiceLink !== null && <Fact label={<Trans>Facture</Trans>}>{invoiceLink}</Fact>}
        {opportunityLink !== null && <Fact label={<Trans>Opportunité</Trans>}>{opportunityLink}</Fact>}
      </Facts>
    </Panel>
  );
}
