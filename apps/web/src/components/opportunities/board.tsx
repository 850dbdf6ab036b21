import {
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import { useLingui } from '@lingui/react/macro';
import { useCallback, useMemo, useRef, useState } from 'react';
import { BoardColumn } from './board-column.tsx';
import type { BoardColumn as Column } from './board-data.ts';
import type { OpportunityCard } from './board-input.ts';
import { statusOver, useDragAnnouncements } from './drag-announcements.ts';
import { FocusAfterMove, type FocusWanted } from './focus-after-move.ts';
import { CardDetails } from './opportunity-card.tsx';
import type { OpportunityStatus } from './statuses.ts';
import { useMoveOpportunity } from './use-move-opportunity.ts';

/** The pointer's column when there is a pointer; the nearest one for the keyboard. */
const columnUnder: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : closestCorners(args);
};

/** The board: a column per status, cards moved by drag and drop, the keyboard, or their menu. */
export function Board({ columns, canWrite }: { columns: Column[]; canWrite: boolean }) {
  const { t } = useLingui();
  const move = useMoveOpportunity();
  const focusAfterMove = useRef<FocusWanted | null>(null);
  const [dragged, setDragged] = useState<OpportunityCard | null>(null);
  const [overStatus, setOverStatus] = useState<OpportunityStatus | undefined>();
  const byId = useMemo(
    () => new Map(columns.flatMap((column) => column.cards.map((card) => [card.id, card] as const))),
    [columns],
  );
  const cardOf = useCallback((id: string) => byId.get(id), [byId]);
  const accessibility = useDragAnnouncements(cardOf);
  const sensors = useSensors(
    // A press that moves less than 5 px is a click (the title's link, the menu).
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const end = () => {
    setDragged(null);
    setOverStatus(undefined);
  };
  const onDragEnd = ({ active, over, activatorEvent }: DragEndEvent) => {
    const card = cardOf(String(active.id));
    const status = statusOver(over);
    end();
    if (card === undefined || status === undefined || status === card.status) return;
    if (activatorEvent instanceof KeyboardEvent)
      focusAfterMove.current = { id: card.id, status, control: 'handle' };
    move(card, status);
  };
  return (
    <FocusAfterMove.Provider value={focusAfterMove}>
      <DndContext
        sensors={sensors}
        collisionDetection={columnUnder}
        accessibility={accessibility}
        onDragStart={({ active }: DragStartEvent) => setDragged(cardOf(String(active.id)) ?? null)}
        onDragOver={({ over }: DragOverEvent) => setOverStatus(statusOver(over))}
        onDragEnd={onDragEnd}
        onDragCancel={end}
      >
        {/* Relative: the visually hidden texts of the cards scrolled out of view stay inside it,
            instead of widening the page. */}
        <section
          aria-label={t`Tableau des opportunités`}
          className="relative flex gap-3 overflow-x-auto pb-4"
        >
          {columns.map((column) => (
            <BoardColumn
              key={column.status}
              column={column}
              canWrite={canWrite}
              highlighted={dragged !== null && overStatus === column.status}
              onMove={move}
            />
          ))}
        </section>
        <DragOverlay dropAnimation={null}>
          {dragged === null ? null : (
            <div className="flex w-68 cursor-grabbing flex-col gap-1 rounded-md border border-brand-700 bg-white p-3 text-sm shadow-xl">
              <p className="font-semibold">{dragged.title}</p>
              <CardDetails card={dragged} />
            </div>
          )}
        </DragOverlay>
      </DndContext>
    </FocusAfterMove.Provider>
  );
}
