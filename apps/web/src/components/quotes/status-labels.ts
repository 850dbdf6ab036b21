import type { quoteStatusSchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';

export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

/** How each quote status reads in the active language. */
export function useQuoteStatusLabels(): Record<QuoteStatus, string> {
  const { t } = useLingui();
  return {
    DRAFT: t`Brouillon`,
    SENT: t`Envoyé`,
    SENT_FOR_SIGNATURE: t`En signature`,
    ACCEPTED: t`Accepté`,
    REJECTED: t`Refusé`,
    REJECTED_SIGNATURE: t`Signature refusée`,
    EXPIRED: t`Expiré`,
    ARCHIVED: t`Archivé`,
  };
}
