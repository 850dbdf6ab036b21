import { shownDeliveryDate } from '../dates.ts';
import type { DocumentModel, Seller } from '../model.ts';
import { asksForPayment, legalPaymentMentions, paymentTerms } from '../payment-terms.ts';
import { formatDate, formatIban, formatMoney } from './format.ts';

// The words of the document: titles and the legal mentions of a French B2B invoice (Code de
// commerce L441-9 and D441-5, CGI art. 242 nonies A; the 2026 reform's operation category and
// VAT-on-debits option). Kept apart from the drawing so that each is one readable sentence.

const titles = { invoice: 'Facture', credit_note: 'Avoir', quote: 'Devis' } as const;

export function documentTitle(model: DocumentModel): string {
  return titles[model.kind];
}

/** "Facture n° INV-2026-00042", or the bare title while no number is assigned. */
export function documentHeading(model: DocumentModel): string {
  return model.number ? `${documentTitle(model)} n° ${model.number}` : documentTitle(model);
}

export function draftBanner(model: DocumentModel): string {
  return model.kind === 'quote' ? 'BROUILLON — devis non envoyé' : 'BROUILLON — draft, not an invoice';
}

const operationCategories = {
  goods: 'Livraison de biens',
  services: 'Prestation de services',
  mixed: 'Livraison de biens et prestation de services',
} as const;

export function operationCategory(model: DocumentModel): string {
  return `Nature de l'opération : ${operationCategories[model.operationCategory]}`;
}

const deliveryDateLabels = {
  goods: 'Date de livraison',
  services: 'Date d’exécution de la prestation',
  mixed: 'Date de livraison ou d’exécution de la prestation',
} as const;

/** "Date de livraison : 20/11/2026" when the document states one (shownDeliveryDate). */
export function deliveryDate(model: DocumentModel): string | null {
  const date = shownDeliveryDate(model);
  if (date === null) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${deliveryDateLabels[model.operationCategory]} : ${pad(date.day)}/${pad(date.month)}/${date.year}`;
}

export const VAT_ON_DEBITS = "Option pour le paiement de la TVA d'après les débits";

export function creditedInvoice(model: DocumentModel): string | null {
  if (!model.credited) return null;
  return `Avoir relatif à la facture n° ${model.credited.number} du ${formatDate(model.credited.issuedAt)}`;
}

export function quoteValidity(model: DocumentModel): string | null {
  if (!model.quote) return null;
  return `Valable jusqu'au ${formatDate(model.quote.validUntil)} (${model.quote.validityDays} jours)`;
}

/** "SAS au capital de 10 000,00 €", "RCS Lyon 732829320": the parts that are set. */
export function sellerRegistration(seller: Seller, currency: string): string[] {
  const parts: string[] = [];
  if (seller.legalForm && seller.shareCapital !== null) {
    parts.push(`${seller.legalForm} au capital de ${formatMoney(seller.shareCapital, currency)}`);
  } else if (seller.legalForm) {
    parts.push(seller.legalForm);
  }
  if (seller.rcsCity) parts.push(`RCS ${seller.rcsCity}${seller.siren ? ` ${seller.siren}` : ''}`);
  return parts;
}

/**
 * The VAT mention that explains a 0 % or missing VAT, if one applies: reverse charge's, else the
 * exemption's (the BT-120 text of the XML), else, every line at 0 % with no reason given, the
 * franchise en base most sellers of such invoices are under.
 */
export function vatMentions(model: DocumentModel): string[] {
  if (model.reverseCharge) {
    const mentions = ['Autoliquidation'];
    if (model.operationCategory !== 'goods') {
      mentions.push('Prestation de services : TVA due par le preneur, article 283-2 du CGI.');
    }
    if (model.operationCategory !== 'services') {
      mentions.push('Livraison intracommunautaire : exonération de TVA, article 262 ter I du CGI.');
    }
    return [mentions.join(' — ')];
  }
  if (model.vatExemption !== null) return [model.vatExemption.text];
  const noVat =
    model.lines.every((line) => line.taxRate === 0) && model.totals.taxes.every((tax) => tax.rate === 0);
  return noVat ? ['TVA non applicable, article 293 B du CGI.'] : [];
}

/**
 * Due date, terms, no early-payment discount, penalties, recovery indemnity, bank details: the
 * sentences the CII carries too (payment-terms.ts). A credit note asks for no payment: it says
 * so, with the legal mentions, and shows no due date and no account.
 */
export function paymentMentions(model: DocumentModel): string[] {
  const { seller } = model;
  const asks = asksForPayment(model);
  const mentions: string[] = [];
  if (asks && model.dueAt) mentions.push(`Date d'échéance : ${formatDate(model.dueAt)}`);
  mentions.push(paymentTerms(model));
  mentions.push(...legalPaymentMentions(model).map((mention) => mention.text));
  if (asks && seller.iban) {
    mentions.push(
      `Règlement par virement — IBAN : ${formatIban(seller.iban)}${seller.bic ? ` — BIC : ${seller.bic}` : ''}`,
    );
  }
  return mentions;
}
