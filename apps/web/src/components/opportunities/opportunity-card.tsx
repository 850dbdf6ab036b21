import { useSortable } from '@dnd-kit/sortable';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { memo, useRef } from 'react';
import { formatAmount } from '../../format.ts';
import type { OpportunityCard } from './board-input.ts';
import { useFocusAfterMove } from './focus-after-move.ts';
import { FollowUp } from './follow-up.tsx';
import { MoveMenu } from './move-menu.tsx';
import { isPriority, usePriorityLabels } from './priorities.ts';
import type { OpportunityStatus } from './statuses.ts';

/** Opportunities carry no currency: the workspace's books are in euros. */
export const boardCurrency = 'EUR';

/**
 * One opportunity on the board. A writer drags it (a press anywhere on it, or its handle and
 * the keyboard: Space, arrows, Space) or moves it with its "Déplacer vers…" menu; its title
 * opens it in the side sheet.
 */
export const BoardCard = memo(function BoardCard({
  card,
  canWrite,
  onMove,
}: {
  card: OpportunityCard;
  canWrite: boolean;
  onMove: (card: OpportunityCard, status: OpportunityStatus) => void;
}) {
  const { t } = useLingui();
  const handle = useRef<HTMLButtonElement | null>(null);
  const menu = useRef<HTMLButtonElement | null>(null);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, isDragging } = useSortable({
    id: card.id,
    data: { status: card.status },
    disabled: !canWrite,
    attributes: { roleDescription: t`carte déplaçable` },
  });
  useFocusAfterMove(card.id, card.status, { handle, menu });
  const title = card.title;
  return (
    <li
      ref={setNodeRef}
      {...(canWrite ? listeners : {})}
      className={`rounded-md border border-slate-200 bg-white p-3 shadow-sm ${isDragging ? 'opacity-40' : ''}`}
    >
      <article aria-label={title} className="flex flex-col gap-1 text-sm">
        <div className="flex items-start justify-between gap-2">
          <Link
            to="."
            search={(previous: Record<string, unknown>) => ({
              ...previous,
              sheet: undefined,
              opportunity: card.id,
            })}
            // A press on the title that moves drags the card, never the browser's own link drag.
            draggable={false}
            className="font-semibold text-slate-900 underline-offset-2 hover:underline"
          >
            {title}
          </Link>
          {canWrite && (
            <button
              type="button"
              ref={(node) => {
                handle.current = node;
                setActivatorNodeRef(node);
              }}
              {...attributes}
              aria-label={t`Glisser « ${title} »`}
              // On a touch screen the handle drags (a swipe elsewhere on the card scrolls the board).
              className="cursor-grab touch-none rounded px-1 text-slate-600 hover:bg-slate-100"
            >
              <span aria-hidden="true">⠿</span>
            </button>
          )}
        </div>
        <CardDetails card={card} />
        {canWrite && (
          <div className="pt-1">
            <MoveMenu card={card} onMove={onMove} triggerRef={menu} />
          </div>
        )}
      </article>
    </li>
  );
});

/** What a card says under its title; the drag overlay shows it too. */
export function CardDetails({ card }: { card: OpportunityCard }) {
  const priorities = usePriorityLabels();
  const who = [card.company?.name, card.contactEmail].filter((part) => part !== undefined && part !== null);
  const priority = isPriority(card.priority) ? priorities[card.priority] : undefined;
  return (
    <>
      {who.length > 0 && <p className="break-words text-slate-700">{who.join(' · ')}</p>}
      <p className="tabular-nums text-slate-900">
        {card.amount === null ? (
          <span className="text-slate-600">
            <Trans>Montant à définir</Trans>
          </span>
        ) : (
          formatAmount(card.amount, boardCurrency)
        )}
      </p>
      {priority !== undefined && (
        <p className="text-slate-700">
          <Trans>Priorité : {priority}</Trans>
        </p>
      )}
      <FollowUp card={card} />
    </>
  );
}
