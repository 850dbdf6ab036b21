import type { DocumentModel } from './model.ts';
import { formatPercent } from './pdf/format.ts';

// The payment sentences of a document (Code de commerce L441-9, L441-10 and D441-5), written
// once: the PDF prints them and the CII carries them (BT-20 and the notes BT-22), so that the
// two views never say different things (issue 32).

/** The UNTDID 4451 subject of each legal payment mention in the CII notes (BR-FR-05). */
export type PaymentMentionSubject = 'AAB' | 'PMD' | 'PMT';

export interface PaymentMention {
  subject: PaymentMentionSubject;
  text: string;
}

/**
 * The mentions every invoice and credit note carries, whatever is owed: French rules want them
 * on every type of invoice document (BR-FR-05 asks for all three, credit notes included).
 */
export function legalPaymentMentions(model: DocumentModel): PaymentMention[] {
  const rate = model.seller.latePenaltyRate;
  return [
    { subject: 'AAB', text: "Pas d'escompte pour paiement anticipé." },
    {
      subject: 'PMD',
      // With no rate agreed, L441-10 sets it: the ECB's refinancing rate plus 10 points.
      text:
        rate === null
          ? "Pénalités de retard : taux de refinancement de la BCE majoré de 10 points, exigibles dès le lendemain de la date d'échéance."
          : `Pénalités de retard : ${formatPercent(rate)} par an, exigibles dès le lendemain de la date d'échéance.`,
    },
    {
      subject: 'PMT',
      text: 'Indemnité forfaitaire pour frais de recouvrement : 40 € (articles L441-10 et D441-5 du Code de commerce).',
    },
  ];
}

/**
 * What is asked of the buyer. An invoice: its terms. A credit note: nothing, it is set off
 * against the invoice it cancels (a credit note is only issued for an unpaid invoice, rulings
 * "Lifecycles"), which EN 16931 still wants said in words (BR-CO-25: its amount due is positive).
 */
export function paymentTerms(model: DocumentModel): string {
  if (model.kind === 'credit_note') {
    const credited = model.credited?.number;
    return credited === undefined
      ? 'Aucun paiement : avoir à imputer.'
      : `Aucun paiement : avoir à imputer sur la facture n° ${credited}.`;
  }
  return model.paymentTermsDays > 0
    ? `Conditions de paiement : ${model.paymentTermsDays} jours à compter de la date d'émission.`
    : 'Conditions de paiement : à réception de la facture.';
}

/** Whether the document asks the buyer to pay (a due date, an account to pay into). */
export const asksForPayment = (model: DocumentModel) => model.kind === 'invoice';
