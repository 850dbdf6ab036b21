import { useDroppable } from '@dnd-kit/core';
import { SortableContext, type SortingStrategy } from '@dnd-kit/sortable';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatAmount } from '../../format.ts';
import { sumAmounts } from './amounts.ts';
import type { BoardColumn as Column } from './board-data.ts';
import type { OpportunityCard } from './board-input.ts';
import { BoardCard, boardCurrency } from './opportunity-card.tsx';
import { type OpportunityStatus, useOpportunityStatusLabels } from './statuses.ts';

/** A column keeps the server's order (newest first): the other cards never shift aside. */
const keepInPlace: SortingStrategy = () => null;

/** The droppable id of a column; its cards are droppables too, each naming its status. */
export const columnDropId = (status: OpportunityStatus) => `column:${status}`;

export function BoardColumn({
  column,
  canWrite,
  highlighted,
  onMove,
}: {
  column: Column;
  canWrite: boolean;
  highlighted: boolean;
  onMove: (card: OpportunityCard, status: OpportunityStatus) => void;
}) {
  const { t } = useLingui();
  const label = useOpportunityStatusLabels()[column.status];
  const headingId = useId();
  const { setNodeRef } = useDroppable({ id: columnDropId(column.status), data: { status: column.status } });
  const count = column.total;
  const sum = formatAmount(sumAmounts(column.cards.map((card) => card.amount)), boardCurrency);
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      className={`flex w-72 shrink-0 flex-col gap-2 rounded-lg p-2 ${
        highlighted ? 'bg-slate-200 outline-2 outline-brand-700' : 'bg-slate-100'
      }`}
    >
      <header className="flex flex-col px-1">
        <h2 id={headingId} className="font-semibold text-slate-900">
          {label}
        </h2>
        <p className="text-sm text-slate-700">
          <Plural value={count} _0="Aucune opportunité" one="# opportunité" other="# opportunités" />
          {' · '}
          <span className="tabular-nums">
            <Trans>Total {sum}</Trans>
          </span>
          {column.loading && (
            <span className="block">
              <Trans>Chargement des suivantes…</Trans>
            </span>
          )}
        </p>
      </header>
      <SortableContext id={column.status} items={column.cards.map((card) => card.id)} strategy={keepInPlace}>
        <ul
          aria-label={t`Opportunités « ${label} »`}
          className="relative flex max-h-[70vh] min-h-16 flex-col gap-2 overflow-y-auto p-1"
        >
          {column.cards.map((card) => (
            <BoardCard key={card.id} card={card} canWrite={canWrite} onMove={onMove} />
          ))}
        </ul>
      </SortableContext>
      {column.cards.length === 0 && (
        <p className="px-1 pb-2 text-sm text-slate-600">
          {canWrite ? <Trans>Aucune carte : glissez-en une ici.</Trans> : <Trans>Aucune carte.</Trans>}
        </p>
      )}
    </section>
  );
}
