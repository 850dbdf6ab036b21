import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { formatAmount } from '../../../format.ts';
import { useCan } from '../../../session/permissions.ts';
import { trpc } from '../../../trpc/client.ts';
import { Section } from './section.tsx';
import type { InvoiceDetail } from './types.ts';
import { useEventLabel } from './use-event-label.ts';

/**
 * What happened to the invoice, oldest first, from its events (`invoices.timeline`): who did
 * it (you, a member, an API key, or Comptoir itself) and when.
 */
export function Timeline({ invoice }: { invoice: InvoiceDetail }) {
  const { t, i18n } = useLingui();
  const { me } = useRouteContext({ from: '/_authed/$workspaceId' });
  const timeline = useQuery(trpc.invoices.timeline.queryOptions({ id: invoice.id }));
  // Owners may list the members: their names then replace "a member".
  const members = useQuery({ ...trpc.members.list.queryOptions(), enabled: useCan('manage:members') });
  const label = useEventLabel((amount) => formatAmount(amount, invoice.currency));
  const who = (actor: { kind: 'key' | 'user'; id: string } | null) => {
    if (actor === null) return t`Comptoir`;
    if (actor.kind === 'key') return t`une clé d’API`;
    if (actor.id === me.user.id) return t`vous`;
    return members.data?.data.find((member) => member.userId === actor.id)?.name ?? t`un membre`;
  };
  const events = timeline.data?.data ?? [];
  return (
    <Section title={<Trans>Historique</Trans>}>
      {timeline.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          <Trans>Chargement de l’historique…</Trans>
        </p>
      ) : timeline.isError ? (
        <p role="alert" className="text-sm text-red-800">
          <Trans>L’historique n’a pas pu être chargé.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-2 border-l-2 border-slate-200 pl-4">
          {events.map((event) => {
            const actor = who(event.actor);
            const when = i18n.date(event.timestamp, { dateStyle: 'medium', timeStyle: 'short' });
            return (
              <li key={event.id} data-event={event.type} className="text-sm">
                <span className="font-medium">{label(event)}</span>{' '}
                <span className="text-slate-600">
                  <Trans>
                    · {when}, par {actor}
                  </Trans>
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}
