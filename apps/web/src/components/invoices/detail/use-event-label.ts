import { useLingui } from '@lingui/react/macro';
import { type EinvoiceEntry, useEinvoiceLabels } from './einvoice-labels.ts';

interface TimelineEvent {
  type: string;
  data: Record<string, unknown>;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** What an invoice's event says, in words of the active language. */
export function useEventLabel(money: (amount: number) => string): (event: TimelineEvent) => string {
  const { t } = useLingui();
  const { statuses } = useEinvoiceLabels();
  return (event) => {
    const number = text(event.data.number);
    switch (event.type) {
      case 'invoice.created':
        return t`Brouillon ${number} créé`;
      case 'invoice.updated':
        return t`Brouillon modifié`;
      case 'invoice.sent':
        return t`Facture émise et envoyée`;
      case 'invoice.payment_recorded': {
        const paid = field(event.data.payment, 'amount');
        const amount = typeof paid === 'number' ? money(paid) : '';
        return t`Paiement de ${amount} enregistré`;
      }
      case 'invoice.paid':
        return t`Facture payée en totalité`;
      case 'invoice.overdue':
        return t`Échéance dépassée`;
      case 'invoice.cancelled':
        return t`Facture annulée`;
      case 'credit_note.created':
        return t`Avoir ${number} émis`;
      case 'invoice.einvoice_status_changed': {
        const code = text(field(event.data.einvoice, 'status'));
        const status = statuses[code as EinvoiceEntry['status']] ?? code;
        return t`Facturation électronique : ${status}`;
      }
      default:
        return event.type;
    }
  };
}
