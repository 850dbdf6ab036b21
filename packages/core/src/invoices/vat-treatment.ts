import type { vatExemptionCodes } from '@comptoir/db/enums';
import { AppError, type ErrorDetail } from '../errors/index.ts';
import type { InvoiceView } from './schemas.ts';

// How an invoice's VAT is stated on its document (EN 16931 VAT categories, BT-120/BT-121): the
// reasons an invoice's lines may carry no VAT, and which of them the invoice's fields allow.

export type VatExemptionCode = (typeof vatExemptionCodes)[number];

/** What a VATEX code says on a document: the lines' VAT category (UNTDID 5305) and the mention. */
export interface VatExemptionMeaning {
  category: 'E' | 'G' | 'O' | 'K';
  /** BT-120, printed on the PDF as the French mention. */
  text: string;
  /** What it is for, as the API documents it. */
  description: string;
}

/**
 * The VATEX codes (CEF code list, which the Factur-X rules read) a small French business needs,
 * with the mention the CGI asks for each. Closed on purpose: a code is added with its mention.
 */
export const vatExemptions: Record<VatExemptionCode, VatExemptionMeaning> = {
  'VATEX-FR-FRANCHISE': {
    category: 'E',
    text: 'TVA non applicable, art. 293 B du CGI',
    description: 'Franchise en base (micro-entrepreneurs): the seller charges no VAT.',
  },
  'VATEX-FR-CGI261-4': {
    category: 'E',
    text: 'Exonération de TVA, article 261-4 du CGI',
    description:
      'Exempt services of article 261-4 of the CGI: care by medical professions, teaching, training.',
  },
  'VATEX-EU-G': {
    category: 'G',
    text: 'Exonération de TVA, article 262 I du CGI',
    description: 'Goods exported outside the EU.',
  },
  'VATEX-EU-IC': {
    category: 'K',
    text: 'Exonération de TVA, article 262 ter I du CGI',
    description:
      'An intra-community supply of goods to a company in another EU member state (its VAT number, the delivery date).',
  },
  'VATEX-EU-O': {
    category: 'O',
    text: 'Opération non soumise à la TVA',
    description: 'Outside the scope of VAT; neither party’s VAT number goes in the e-invoice.',
  },
};

/** Member states of the European Union, by ISO 3166-1 code (Greece is GR here, EL in VAT numbers). */
const euMemberStates: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
]);

export const inAnotherEuMemberState = (countryCode: string) =>
  countryCode !== 'FR' && euMemberStates.has(countryCode);

type VatFields = Pick<
  InvoiceView,
  'reverseCharge' | 'vatExemption' | 'operationCategory' | 'clientCountryCode'
>;

/**
 * The exemption the invoice's document states, if any: its own, or, for goods sold under reverse
 * charge to a buyer in another EU member state, an intra-community supply. Such a sale is exempt
 * in France (CGI art. 262 ter I, the mention the PDF has always printed) and taxed as an
 * acquisition by the buyer: EN 16931 calls it K, not the reverse charge AE. A mixed invoice under
 * reverse charge stays AE: its lines do not say which are goods.
 */
export function documentVatExemption(
  invoice: VatFields,
): (VatExemptionMeaning & { code: VatExemptionCode }) | null {
  const code: VatExemptionCode | null =
    invoice.vatExemption ??
    (invoice.reverseCharge &&
    invoice.operationCategory === 'goods' &&
    inAnotherEuMemberState(invoice.clientCountryCode)
      ? 'VATEX-EU-IC'
      : null);
  return code === null ? null : { code, ...vatExemptions[code] };
}

/**
 * Why an invoice's VAT fields, as they would be after a write, cannot go together (400
 * invalid_body, naming the field the write gave): an exemption covers every line, so each is at
 * 0 % (a rate says VAT is charged, which an exempt line cannot); and reverse charge (the buyer
 * accounts for the VAT) is not an exemption. `given` names the fields the write set.
 */
export function vatConflicts(
  after: { vatExemption: VatExemptionCode | null; reverseCharge: boolean; lineRates: readonly number[] },
  given: { vatExemption: boolean; reverseCharge: boolean; lines: boolean },
): ErrorDetail[] {
  if (after.vatExemption === null) return [];
  const conflicts: ErrorDetail[] = [];
  const taxed = after.lineRates.findIndex((rate) => rate !== 0);
  if (taxed !== -1) {
    const rate = after.lineRates[taxed];
    conflicts.push(
      given.vatExemption || !given.lines
        ? {
            path: 'vatExemption',
            message: `an exemption (${after.vatExemption}) covers every line, so each must be at 0 %: line ${taxed + 1} is at ${rate} %`,
          }
        : {
            path: `lines.${taxed}.taxRate`,
            message: `must be 0: the invoice's lines are exempt from VAT (${after.vatExemption})`,
          },
    );
  }
  if (after.reverseCharge) {
    conflicts.push({
      path: given.reverseCharge && !given.vatExemption ? 'reverseCharge' : 'vatExemption',
      message:
        'reverse charge and a VAT exemption cannot go together: the buyer accounts for VAT, or none is due',
    });
  }
  return conflicts;
}

/** 400 invalid_body naming each conflict vatConflicts finds, unless it finds none. */
export function requireCompatibleVat(...args: Parameters<typeof vatConflicts>): void {
  const conflicts = vatConflicts(...args);
  if (conflicts.length === 0) return;
  throw new AppError(
    'invalid_body',
    conflicts.map((detail) => `${detail.path} ${detail.message}`).join('; '),
    {
      details: conflicts,
    },
  );
}
