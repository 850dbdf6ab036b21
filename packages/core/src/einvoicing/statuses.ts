import type { einvoiceStatuses } from '@comptoir/db';

/** Where an invoice stands with the platform, as stored: every lifecycle status of the reform. */
export type StoredEinvoiceStatus = (typeof einvoiceStatuses)[number];

/** The statuses reads show (rulings, "E-invoicing"), in lifecycle order. */
export const einvoiceReadStatuses = [
  'pending',
  'submitted',
  'deposited',
  'disputed',
  'approved',
  'refused',
  'paid',
  'rejected',
] as const;
export type EinvoiceReadStatus = (typeof einvoiceReadStatuses)[number];

/**
 * The reform has more statuses than the rulings name: each stored one reads as the rulings'
 * status it belongs to. Each group is a run of consecutive steps in the lifecycle order
 * (packages/einvoicing's `statusRank`), so a read status never goes back either.
 */
const readStatusOf: Record<StoredEinvoiceStatus, EinvoiceReadStatus> = {
  pending: 'pending',
  submitted: 'submitted',
  // 200 Déposée to 204 Prise en charge: with the platforms, not yet answered by the buyer
  deposited: 'deposited',
  issued: 'deposited',
  received: 'deposited',
  made_available: 'deposited',
  in_process: 'deposited',
  // 208 Suspendue, 209 Complétée (the seller's answer to a suspension), 207 En litige
  suspended: 'disputed',
  completed: 'disputed',
  disputed: 'disputed',
  // 206 Approuvée partiellement, 205 Approuvée, 211 Paiement transmis (approved, not yet cashed)
  partially_approved: 'approved',
  approved: 'approved',
  payment_transmitted: 'approved',
  refused: 'refused',
  paid: 'paid',
  rejected: 'rejected',
};

export function readEinvoiceStatus(status: StoredEinvoiceStatus): EinvoiceReadStatus {
  return readStatusOf[status];
}
