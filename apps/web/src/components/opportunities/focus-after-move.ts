import { createContext, type RefObject, useContext, useEffect } from 'react';
import type { OpportunityStatus } from './statuses.ts';

/** Which control of which card should have the focus once the card shows in its new column. */
export interface FocusWanted {
  id: string;
  /** The column it moves to: until it shows there, the card in its old column keeps quiet. */
  status: OpportunityStatus;
  control: 'handle' | 'menu';
}

/**
 * A moved card is drawn anew in its new column, so the control that moved it (its drag handle,
 * its "Déplacer vers…" button) is gone: the board remembers it here, and the card takes the
 * focus back once it shows, so the keyboard carries on from the card it moved.
 */
export const FocusAfterMove = createContext<RefObject<FocusWanted | null>>({ current: null });

export function useFocusAfterMove(
  id: string,
  status: OpportunityStatus,
  controls: Record<FocusWanted['control'], RefObject<HTMLElement | null>>,
): void {
  const wanted = useContext(FocusAfterMove);
  useEffect(() => {
    const focus = wanted.current;
    if (focus === null || focus.id !== id || focus.status !== status) return;
    const element = controls[focus.control].current;
    if (element === null) return;
    wanted.current = null;
    element.focus();
  });
}
