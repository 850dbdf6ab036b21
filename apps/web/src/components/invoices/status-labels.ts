import type { invoiceStatusSchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';

export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** How each invoice status reads in the active language. */
export function useInvoiceStatusLabels(): Record<InvoiceStatus, string> {
  const { t } = useLingui();
  return {
    DRAFT: t`Brouillon`,
    SENT: t`Envoyée`,
    PARTIAL: t`Partiellement payée`,
    PAID: t`Payée`,
    OVERDUE: t`En retard`,
    CANCELLED: t`Annulée`,
  };
}
