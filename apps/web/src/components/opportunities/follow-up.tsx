import { Trans } from '@lingui/react/macro';
import { formatDay } from '../../format.ts';
import type { OpportunityCard } from './board-input.ts';
import { closedStatuses } from './statuses.ts';

/** A day as UTC writes it (2026-12-05), the way the follow-up days are shown. */
const dayOf = (iso: string) => new Date(iso).toISOString().slice(0, 10);

/**
 * The next follow-up of a card. A late one (its day gone by, the deal still open) says so in
 * words, not only in red.
 */
export function FollowUp({ card }: { card: OpportunityCard }) {
  if (card.nextFollowUpAt === null) return null;
  const day = formatDay(card.nextFollowUpAt);
  const today = dayOf(new Date().toISOString());
  const open = !closedStatuses.has(card.status);
  if (open && dayOf(card.nextFollowUpAt) < today)
    return (
      <p className="font-medium text-red-800">
        <span aria-hidden="true">⚠ </span>
        <Trans>Relance en retard : {day}</Trans>
      </p>
    );
  if (open && dayOf(card.nextFollowUpAt) === today)
    return (
      <p className="font-medium text-amber-800">
        <Trans>Relance aujourd’hui</Trans>
      </p>
    );
  return (
    <p className="text-slate-700">
      <Trans>Relance le {day}</Trans>
    </p>
  );
}
