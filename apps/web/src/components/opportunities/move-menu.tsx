import { Trans } from '@lingui/react/macro';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type Ref, useContext } from 'react';
import type { OpportunityCard } from './board-input.ts';
import { FocusAfterMove } from './focus-after-move.ts';
import { boardStatuses, type OpportunityStatus, useOpportunityStatusLabels } from './statuses.ts';

/**
 * The way to move a card without dragging it: a menu of the other columns. Not modal: a modal
 * menu locks scrolling with a <style> element, which the CSP refuses.
 */
export function MoveMenu({
  card,
  onMove,
  triggerRef,
}: {
  card: OpportunityCard;
  onMove: (card: OpportunityCard, status: OpportunityStatus) => void;
  triggerRef: Ref<HTMLButtonElement>;
}) {
  const labels = useOpportunityStatusLabels();
  const focusAfterMove = useContext(FocusAfterMove);
  const title = card.title;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        // The card's drag starts on a press anywhere else on it, not on its menu.
        onPointerDown={(event) => event.stopPropagation()}
        className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm text-slate-800 hover:bg-slate-100"
      >
        <Trans>
          Déplacer vers…<span className="sr-only"> (« {title} »)</span>
        </Trans>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          // The trigger moves with the card: the card gives the focus back itself (FocusAfterMove).
          onCloseAutoFocus={(event) => {
            if (focusAfterMove.current?.id === card.id) event.preventDefault();
          }}
          className="z-40 min-w-52 rounded-md border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-1 text-xs text-slate-600">
            <Trans>Déplacer « {title} » vers</Trans>
          </DropdownMenu.Label>
          {boardStatuses
            .filter((status) => status !== card.status)
            .map((status) => (
              <DropdownMenu.Item
                key={status}
                onSelect={() => {
                  focusAfterMove.current = { id: card.id, status, control: 'menu' };
                  onMove(card, status);
                }}
                className="cursor-pointer rounded px-3 py-2 outline-none data-[highlighted]:bg-slate-100"
              >
                {labels[status]}
              </DropdownMenu.Item>
            ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
