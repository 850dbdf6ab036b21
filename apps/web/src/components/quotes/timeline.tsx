import type { EventView } from '@comptoir/core/schemas';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useId } from 'react';
import { trpc } from '../../trpc/client.ts';

/** What happened to the quote, in words, for each event type the quote's life records. */
function useEventLabels(): Record<string, string> {
  const { t } = useLingui();
  return {
    'quote.created': t`Brouillon créé`,
    'quote.updated': t`Brouillon modifié`,
    'quote.sent': t`Marqué comme envoyé`,
    'quote.signature_requested': t`Signature demandée`,
    'quote.accepted': t`Accepté par le client`,
    'quote.rejected': t`Refusé par le client`,
    'quote.expired': t`Expiré, sa validité passée`,
    'quote.archived': t`Archivé`,
    'quote.invoiced': t`Converti en facture`,
    'quote.deleted': t`Supprimé`,
  };
}

function Actor({ actor }: { actor: EventView['actor'] }) {
  const { me } = useRouteContext({ from: '/_authed' });
  if (actor === null) return <Trans>par Comptoir</Trans>;
  if (actor.kind === 'key') return <Trans>par une clé d’API</Trans>;
  if (actor.id === me.user.id) return <Trans>par vous</Trans>;
  return <Trans>par un membre de l’espace</Trans>;
}

/** The quote's history, oldest first, from `quotes.timeline` (the events whose record is this quote). */
export function QuoteTimeline({ quoteId }: { quoteId: string }) {
  const { i18n } = useLingui();
  const labels = useEventLabels();
  const headingId = useId();
  const {
    data: { data: events },
  } = useSuspenseQuery(trpc.quotes.timeline.queryOptions({ id: quoteId }));
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold">
        <Trans>Historique</Trans>
      </h2>
      {events.length === 0 ? (
        <p className="text-sm text-slate-700">
          <Trans>Aucun événement enregistré pour ce devis.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4 text-sm">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap gap-x-2">
              <time dateTime={event.timestamp} className="text-slate-700 tabular-nums">
                {i18n.date(event.timestamp, { dateStyle: 'medium', timeStyle: 'short' })}
              </time>
              <span className="font-medium">{labels[event.type] ?? event.type}</span>
              <span className="text-slate-700">
                <Actor actor={event.actor} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
