import type { paymentMethodSchema } from '@comptoir/core/schemas';
import { useLingui } from '@lingui/react/macro';
import type { z } from 'zod';

export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** How each payment method reads in the active language. */
export function usePaymentMethodLabels(): Record<PaymentMethod, string> {
  const { t } = useLingui();
  return {
    transfer: t`Virement`,
    card: t`Carte bancaire`,
    cash: t`Espèces`,
    check: t`Chèque`,
    direct_debit: t`Prélèvement`,
    other: t`Autre`,
  };
}
