import type { Announcements, DragEndEvent, ScreenReaderInstructions } from '@dnd-kit/core';
import { useLingui } from '@lingui/react/macro';
import type { OpportunityCard } from './board-input.ts';
import { type OpportunityStatus, useOpportunityStatusLabels } from './statuses.ts';

type Over = DragEndEvent['over'];

/** The column a drop target stands for: a column, or a card in it. */
export function statusOver(over: Over): OpportunityStatus | undefined {
  const status: unknown = over?.data.current?.status;
  return typeof status === 'string' ? (status as OpportunityStatus) : undefined;
}

/**
 * What a screen reader hears while a card is dragged (dnd-kit's live region), in the page's
 * language: which card was taken, which column it is over, where it was dropped.
 */
export function useDragAnnouncements(cardOf: (id: string) => OpportunityCard | undefined): {
  announcements: Announcements;
  screenReaderInstructions: ScreenReaderInstructions;
} {
  const { t } = useLingui();
  const labels = useOpportunityStatusLabels();
  const titleOf = (id: string | number) => cardOf(String(id))?.title ?? '';
  const columnOf = (over: Over) => {
    const status = statusOver(over);
    return status === undefined ? undefined : labels[status];
  };
  return {
    screenReaderInstructions: {
      draggable: t`Pour déplacer cette carte, appuyez sur Espace, choisissez la colonne avec les flèches, puis appuyez de nouveau sur Espace pour la déposer, ou sur Échap pour annuler. Le bouton « Déplacer vers… » de la carte fait de même sans glisser.`,
    },
    announcements: {
      onDragStart: ({ active }) => {
        const title = titleOf(active.id);
        return t`Carte « ${title} » saisie.`;
      },
      onDragOver: ({ active, over }) => {
        // Over itself is where every drag starts: "saisie" is not to be talked over at once.
        if (over?.id === active.id) return undefined;
        const title = titleOf(active.id);
        const column = columnOf(over);
        return column === undefined
          ? t`La carte « ${title} » n’est au-dessus d’aucune colonne.`
          : t`Carte « ${title} » au-dessus de la colonne « ${column} ».`;
      },
      onDragEnd: ({ active, over }) => {
        const title = titleOf(active.id);
        const column = columnOf(over);
        return column === undefined
          ? t`Carte « ${title} » relâchée hors des colonnes : elle reste où elle était.`
          : t`Carte « ${title} » déposée dans la colonne « ${column} ».`;
      },
      onDragCancel: ({ active }) => {
        const title = titleOf(active.id);
        return t`Déplacement annulé : la carte « ${title} » reste où elle était.`;
      },
    },
  };
}
