import { opportunityStatusSchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';

export type OpportunityStatus = z.infer<typeof opportunityStatusSchema>;

/** The board's columns, left to right: the order a deal goes through. */
export const boardStatuses: readonly OpportunityStatus[] = opportunityStatusSchema.options;

/** A follow-up is late only while the deal is still open. */
export const closedStatuses: ReadonlySet<OpportunityStatus> = new Set(['WON', 'LOST']);

/** How each opportunity status reads in the active language. */
export function useOpportunityStatusLabels(): Record<OpportunityStatus, string> {
  const { t } = useLingui();
  return {
    DRAFT: t`Brouillon`,
    QUOTE_SENT: t`Devis envoyé`,
    WAITING_REPLY: t`En attente de réponse`,
    REPLIED: t`Réponse reçue`,
    HOT: t`Chaude`,
    WON: t`Gagnée`,
    LOST: t`Perdue`,
  };
}
