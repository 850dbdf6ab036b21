import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { formatAmount, formatDay } from '../../format.ts';
import { dashboardQueries } from './queries.ts';
import { footerLinkClass, RecordList } from './record-list.tsx';

/** The quotes sent and still awaiting the client's answer, those sent longest ago first. */
export function QuotesAwaiting({ workspaceId }: { workspaceId: string }) {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(dashboardQueries.quotesAwaiting());
  const { count, quotes } = data.data;
  return (
    <RecordList
      items={quotes}
      label={t`Devis en attente`}
      itemKey={(quote) => quote.id}
      render={(quote) => (
        <>
          <span className="min-w-0 truncate">
            <span className="font-medium text-slate-900">{quote.number ?? t`Brouillon`}</span>
            {' · '}
            {quote.clientCompany ?? quote.clientName}
          </span>
          <span className="text-slate-700 tabular-nums">
            {formatAmount(quote.totals.total, quote.currency)}
            {quote.sentAt !== null && (
              <>
                {' '}
                · <SentOn at={quote.sentAt} />
              </>
            )}
          </span>
        </>
      )}
      empty={
        <Trans>
          Aucun devis n’attend de réponse. Les devis envoyés apparaissent ici jusqu’à la réponse du client.
        </Trans>
      }
      footer={
        <Link to="/$workspaceId/quotes" params={{ workspaceId }} className={footerLinkClass}>
          {count > 0 ? (
            <Plural value={count} one="Voir le devis en attente" other="Voir les # devis en attente" />
          ) : (
            <Trans>Voir les devis</Trans>
          )}
        </Link>
      }
    />
  );
}

function SentOn({ at }: { at: string }) {
  const { t } = useLingui();
  const day = formatDay(at);
  return <>{t`envoyé le ${day}`}</>;
}
