import type { einvoiceHistoryEntrySchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';

export type EinvoiceEntry = z.infer<typeof einvoiceHistoryEntrySchema>;

/** How e-invoicing statuses and their sources read in the active language. */
export function useEinvoiceLabels() {
  const { t } = useLingui();
  const statuses: Record<EinvoiceEntry['status'], string> = {
    pending: t`En attente de transmission`,
    submitted: t`Transmise à la plateforme`,
    deposited: t`Déposée`,
    disputed: t`Contestée`,
    approved: t`Approuvée`,
    refused: t`Refusée par le client`,
    paid: t`Encaissée`,
    rejected: t`Rejetée par la plateforme`,
  };
  const sources: Record<EinvoiceEntry['source'], string> = {
    comptoir: t`Comptoir`,
    platform_webhook: t`Notification de la plateforme`,
    platform_poll: t`Relève de la plateforme`,
  };
  return { statuses, sources };
}
