import { readFileSync } from 'node:fs';
import type { DocumentModel, PostalAddress, Seller, VatExemption } from '../src/model.ts';

// Documents for the renderers tests, one per case issue 15 names. Their amounts were computed
// by core (packages/core/src/lines/totals.ts, EN 16931 rules) and are written here as data: the
// renderers print and map amounts, they never compute them.

const lyon: PostalAddress = {
  lines: ['12 rue de la Paix'],
  postalCode: '69002',
  city: 'Lyon',
  countryCode: 'FR',
};

export const seller: Seller = {
  legalName: 'Comptoir Démo SAS',
  legalForm: 'SAS',
  shareCapital: 10000,
  rcsCity: 'Lyon',
  siren: '732829320',
  siret: '73282932000074',
  vatNumber: 'FR44732829320',
  address: lyon,
  iban: 'FR7630006000011234567890189',
  bic: 'AGRIFRPP',
  vatOnDebits: false,
  latePenaltyRate: 12.15,
};

const frenchBuyer = {
  name: 'Camille Martin',
  company: 'Bistrot des Halles SARL',
  email: 'camille@bistrot-halles.test',
  address: { lines: ['4 place des Halles'], postalCode: '69001', city: 'Lyon', countryCode: 'FR' },
  siren: '552081317',
  vatNumber: 'FR03552081317',
};

const base = {
  kind: 'invoice',
  draft: false,
  number: 'INV-2026-00042',
  title: 'Café en grains 1 kg',
  issuedAt: '2026-11-23T10:00:00.000Z',
  dueAt: '2026-12-23T10:00:00.000Z',
  currency: 'EUR',
  seller,
  buyer: frenchBuyer,
  deliveryAddress: null,
  operationCategory: 'goods',
  deliveryDate: null,
  reverseCharge: false,
  vatExemption: null,
  discountPercent: 0,
  paymentTermsDays: 30,
  credited: null,
  quote: null,
} as const;

type Amounts = { lines: DocumentModel['lines']; totals: DocumentModel['totals'] };

// Lines and totals per case, computed by core's documentAmounts / documentTotals (EN 16931):
// data, not code, so that this package never computes money.
const fx = JSON.parse(readFileSync(new URL('./fixture-amounts.json', import.meta.url), 'utf8')) as Record<
  'basic' | 'discount' | 'reverse' | 'zero' | 'many' | 'exempt',
  Amounts
>;

const amounts = (name: keyof typeof fx): Amounts => structuredClone(fx[name]);

/** A sent invoice to a French company, partly paid (50 of its total). */
export const invoice: DocumentModel = { ...base, ...amounts('basic') };

/** The credit note that cancels an invoice (381, naming it). */
export const creditNote: DocumentModel = {
  ...base,
  ...amounts('basic'),
  kind: 'credit_note',
  number: 'AV-2026-00001',
  dueAt: null,
  credited: { number: 'INV-2026-00042', issuedAt: '2026-11-20T09:00:00.000Z' },
  totals: { ...amounts('basic').totals, paid: 0, balance: amounts('basic').totals.total },
};

/** Reverse charge (autoliquidation): VAT at 0 on the bases, buyer in another EU country. */
export const reverseCharge: DocumentModel = {
  ...base,
  ...amounts('reverse'),
  reverseCharge: true,
  operationCategory: 'services',
  buyer: {
    name: 'Lena Vogel',
    company: 'Vogel GmbH',
    email: 'lena@vogel.test',
    address: { lines: ['Hauptstraße 5'], postalCode: '10115', city: 'Berlin', countryCode: 'DE' },
    siren: null,
    vatNumber: 'DE123456789',
  },
};

/** The exemptions core writes (packages/core/src/invoices/vat-treatment.ts), as documents carry them. */
export const exemptions = {
  franchise: { category: 'E', code: 'VATEX-FR-FRANCHISE', text: 'TVA non applicable, art. 293 B du CGI' },
  article261: { category: 'E', code: 'VATEX-FR-CGI261-4', text: 'Exonération de TVA, article 261-4 du CGI' },
  export: { category: 'G', code: 'VATEX-EU-G', text: 'Exonération de TVA, article 262 I du CGI' },
  intraCommunity: {
    category: 'K',
    code: 'VATEX-EU-IC',
    text: 'Exonération de TVA, article 262 ter I du CGI',
  },
  notSubject: { category: 'O', code: 'VATEX-EU-O', text: 'Opération non soumise à la TVA' },
} as const satisfies Record<string, VatExemption>;

/**
 * Goods delivered to a company in another EU country under reverse charge: an intra-community
 * supply (K), dated (BT-72) and shipped to the buyer's country (BR-IC-11, BR-IC-12).
 */
export const intraCommunitySupply: DocumentModel = {
  ...reverseCharge,
  operationCategory: 'goods',
  deliveryDate: '2026-11-20',
  vatExemption: exemptions.intraCommunity,
};

/** A micro-entrepreneur's invoice under the franchise en base: every line exempt (E). */
export const franchise: DocumentModel = {
  ...base,
  ...amounts('exempt'),
  operationCategory: 'services',
  vatExemption: exemptions.franchise,
};

/** Goods exported outside the EU (G), delivered before the invoice was issued. */
export const exportOutsideEu: DocumentModel = {
  ...base,
  ...amounts('exempt'),
  buyer: {
    name: 'Sam Carter',
    company: 'Carter Imports Inc.',
    email: 'sam@carter.test',
    address: { lines: ['1 Main Street'], postalCode: '10001', city: 'New York', countryCode: 'US' },
    siren: null,
    vatNumber: null,
  },
  deliveryDate: '2026-11-16',
  vatExemption: exemptions.export,
};

/** An operation outside the scope of VAT (O): neither party's VAT number in the XML (BR-O-02). */
export const notSubject: DocumentModel = {
  ...exportOutsideEu,
  operationCategory: 'services',
  deliveryDate: null,
  vatExemption: exemptions.notSubject,
};

/** Goods delivered three days before the invoice: the delivery date (BT-72) is stated. */
export const deliveredEarlier: DocumentModel = { ...base, ...amounts('basic'), deliveryDate: '2026-11-20' };

/** A 0 % line beside 5.5 % and 20 % ones. */
export const zeroRateLine: DocumentModel = { ...base, ...amounts('zero'), operationCategory: 'mixed' };

/** A document discount of 12.5 %, taken per VAT rate. */
export const documentDiscount: DocumentModel = { ...base, ...amounts('discount'), discountPercent: 12.5 };

/** A buyer outside France with no SIREN and no VAT number. */
export const foreignBuyer: DocumentModel = {
  ...base,
  ...amounts('basic'),
  totals: { ...amounts('basic').totals, paid: 0, balance: amounts('basic').totals.total },
  buyer: {
    name: 'Sam Carter',
    company: null,
    email: 'sam@carter.test',
    address: { lines: ['1 Main Street'], postalCode: '10001', city: 'New York', countryCode: 'US' },
    siren: null,
    vatNumber: null,
  },
};

/** The seller opted for VAT on debits (BT-8 code 5, and the mention). */
export const vatOnDebits: DocumentModel = {
  ...base,
  ...amounts('basic'),
  seller: { ...seller, vatOnDebits: true },
};

/** 100 lines: several pages, the header repeated, "page n / N". */
export const hundredLines: DocumentModel = { ...base, ...amounts('many') };

/** A DRAFT invoice: marked BROUILLON on every page, no XML. */
export const draftInvoice: DocumentModel = { ...base, ...amounts('basic'), draft: true, issuedAt: null };

/** A sent quote ("Devis", validity, "Bon pour accord"). */
export const quote: DocumentModel = {
  ...base,
  ...amounts('basic'),
  kind: 'quote',
  number: 'QUO-2026-00003',
  dueAt: null,
  totals: { ...amounts('basic').totals, paid: 0, balance: amounts('basic').totals.total },
  quote: { validityDays: 30, validUntil: '2026-12-23T10:00:00.000Z' },
};

/** Every issued case, by name (what the XML must carry and validate). */
export const issuedCases = {
  invoice,
  creditNote,
  reverseCharge,
  zeroRateLine,
  documentDiscount,
  foreignBuyer,
  vatOnDebits,
  hundredLines,
  intraCommunitySupply,
  franchise,
  exportOutsideEu,
  notSubject,
  deliveredEarlier,
};
