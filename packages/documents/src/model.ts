/**
 * What a document shows, whatever renders it (the CII XML, the PDF): a plain value built by
 * core from an invoice, a credit note or a quote and the workspace's identity. Amounts are the
 * stored ones (EN 16931 totals computed in decimal arithmetic by core); renderers never
 * compute money, they print and map it.
 */

export type DocumentKind = 'invoice' | 'credit_note' | 'quote';

export interface PostalAddress {
  /** 1 to 3 lines (street, building...). */
  lines: string[];
  postalCode: string | null;
  city: string | null;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

/** The seller: the workspace's legal identity (rulings: Workspace). */
export interface Seller {
  legalName: string;
  legalForm: string | null;
  /** In the document's currency, printed with the legal form ("SAS au capital de 10 000 €"). */
  shareCapital: number | null;
  rcsCity: string | null;
  /** 9 digits: the legal registration identifier (BT-30, scheme 0002). */
  siren: string | null;
  siret: string | null;
  vatNumber: string | null;
  address: PostalAddress;
  iban: string | null;
  bic: string | null;
  /** "Option pour le paiement de la TVA d'après les débits" (BT-8 code 5 when true). */
  vatOnDebits: boolean;
  /** Percent per year, printed in the payment mentions. */
  latePenaltyRate: number | null;
}

export interface Buyer {
  name: string;
  company: string | null;
  email: string;
  address: PostalAddress;
  /** BT-47, scheme 0002: required for a French company buyer. */
  siren: string | null;
  vatNumber: string | null;
}

export interface DocumentLine {
  position: number;
  description: string;
  quantity: number;
  /** UN/ECE rec. 20 is derived by the renderer; this is the text shown ("h", "kg") or null. */
  unit: string | null;
  /** Excluding VAT. */
  unitPrice: number;
  discountPercent: number;
  taxRate: number;
  /** quantity × unitPrice less the line discount, rounded to the cent (BT-131). */
  netAmount: number;
}

export interface DocumentTotals {
  /** Sum of line nets (BT-106). */
  subtotal: number;
  /** Document discount (BT-107), taken per VAT rate. */
  discountAmount: number;
  /** Per rate: base after discount (BT-116), VAT (BT-117). */
  taxes: { rate: number; base: number; amount: number }[];
  /** BT-110. */
  taxTotal: number;
  /** BT-112 (total incl. VAT). */
  total: number;
  /** BT-113 (paid). */
  paid: number;
  /** BT-115 (amount due). */
  balance: number;
}

/**
 * Why a document's lines carry no VAT, as core decides it from the invoice (its VATEX code, or an
 * intra-community supply of goods under reverse charge): every line's VAT category, and BT-121
 * and BT-120 in the VAT breakdown.
 */
export interface VatExemption {
  /** UNTDID 5305: exempt (E), export outside the EU (G), not subject to VAT (O), intra-community supply (K). */
  category: 'E' | 'G' | 'O' | 'K';
  /** BT-121, from the VATEX code list ("VATEX-FR-FRANCHISE"). */
  code: string;
  /** BT-120, the mention the PDF prints too ("TVA non applicable, art. 293 B du CGI"). */
  text: string;
}

export interface DocumentModel {
  kind: DocumentKind;
  /** A DRAFT invoice (not an invoice: marked "BROUILLON", no XML) or an unsent quote. */
  draft: boolean;
  /** `INV-2026-00042`, `AV-2026-00001`, `QUO-2026-00003`; null for an unsent quote. */
  number: string | null;
  title: string;
  /** Issue date (ISO 8601 date-time); null for a draft. */
  issuedAt: string | null;
  /** Due date (invoices); null when none. */
  dueAt: string | null;
  currency: string;
  seller: Seller;
  buyer: Buyer;
  /** Delivery address when it differs from the buyer's (text, lines separated by newlines). */
  deliveryAddress: string | null;
  operationCategory: 'goods' | 'services' | 'mixed';
  /** The day the goods were delivered or the service done (`YYYY-MM-DD`, BT-72); null when not said. */
  deliveryDate: string | null;
  reverseCharge: boolean;
  /** Set when no line carries VAT for a stated reason (then every VAT amount is 0). */
  vatExemption: VatExemption | null;
  /** Document discount in percent (0 when none). */
  discountPercent: number;
  lines: DocumentLine[];
  totals: DocumentTotals;
  /** Payment terms in days (the workspace's), printed with the due date. */
  paymentTermsDays: number;
  /** A credit note: the invoice it cancels (BG-3: number and issue date). */
  credited: { number: string; issuedAt: string } | null;
  /** A quote: how long it is valid (validity date = issue or creation + days). */
  quote: { validityDays: number; validUntil: string } | null;
}
