// What Comptoir reads of a supplier's invoice, whatever its syntax (CII, the XML of a Factur-X,
// UBL 2.1): the EN 16931 business terms named beside each field. Amounts, quantities and rates are
// decimal strings exactly as the document wrote them (canonical form: no exponent, no trailing
// zeros), never binary floats.

/** The syntaxes read: a Factur-X PDF (its embedded CII), a CII XML, a UBL 2.1 Invoice or CreditNote. */
export const supplierInvoiceFormats = ['factur-x', 'cii', 'ubl'] as const;
export type SupplierInvoiceFormat = (typeof supplierInvoiceFormats)[number];

/** A party (BG-4 seller, BG-7 buyer). */
export interface ParsedParty {
  /** BT-27 / BT-44, else the trading name (BT-28 / BT-45). */
  name: string | null;
  /** BT-30 / BT-47 with scheme 0002; else the first 9 digits of a SIRET (scheme 0009). */
  siren: string | null;
  /** BT-29 / BT-46 with scheme 0009. */
  siret: string | null;
  /** BT-31 / BT-48 (scheme VA in CII, tax scheme VAT in UBL). */
  vatNumber: string | null;
}

/** An invoice line (BG-25). */
export interface ParsedLine {
  /** BT-126. */
  lineId: string | null;
  /** BT-153, the item's name. */
  description: string;
  /** BT-129. */
  quantity: string;
  /** BT-130 (UN/ECE recommendation 20). */
  unitCode: string | null;
  /** BT-146 divided by BT-149 when the price is given per several units: the price of one. */
  unitPrice: string | null;
  /** BT-151. */
  taxCategory: string | null;
  /** BT-152, in percent. */
  taxRate: string | null;
  /** BT-131. */
  netAmount: string;
  /** BT-155, the seller's identifier of the item. */
  sellerItemId: string | null;
  /** BT-157, a registered identifier of the item (a GTIN when its scheme is 0160). */
  standardItemId: string | null;
  /** BT-157-1. */
  standardItemScheme: string | null;
}

/** One VAT rate of the breakdown (BG-23). */
export interface ParsedVatBreakdown {
  /** BT-118. */
  category: string | null;
  /** BT-119, in percent. */
  rate: string | null;
  /** BT-116. */
  base: string;
  /** BT-117. */
  amount: string;
}

/** The document totals (BG-22). */
export interface ParsedTotals {
  /** BT-106. */
  lineTotal: string | null;
  /** BT-107. */
  allowanceTotal: string | null;
  /** BT-108. */
  chargeTotal: string | null;
  /** BT-109. */
  taxExclusive: string | null;
  /** BT-110, in the invoice's currency. */
  taxTotal: string | null;
  /** BT-112. */
  taxInclusive: string;
  /** BT-113. */
  prepaid: string | null;
  /** BT-114. */
  rounding: string | null;
  /** BT-115, the amount due. */
  payable: string;
}

export interface ParsedInvoice {
  /** BT-1. */
  number: string;
  /** BT-3 (380 invoice, 381 credit note...); null when the document gives none. */
  typeCode: string | null;
  /** Whether BT-3 (or a UBL CreditNote root) makes it a credit note. */
  creditNote: boolean;
  /** BT-2, `YYYY-MM-DD`. */
  issueDate: string;
  /** BT-9, `YYYY-MM-DD`. */
  dueDate: string | null;
  /** BT-5. */
  currency: string;
  seller: ParsedParty;
  buyer: ParsedParty;
  lines: ParsedLine[];
  vatBreakdown: ParsedVatBreakdown[];
  totals: ParsedTotals;
  /** BT-20. */
  paymentTerms: string | null;
  /** BT-84: the payee's account (an IBAN for a transfer). */
  iban: string | null;
}

/** UNTDID 1001 codes of a credit note (EN 16931 code list for BT-3). */
export const creditNoteTypeCodes: ReadonlySet<string> = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
]);

/** A file that could be read: its syntax, what it says, and the XML that says it. */
export interface ReadSupplierInvoice {
  format: SupplierInvoiceFormat;
  invoice: ParsedInvoice;
  /** The invoice's XML (a Factur-X's embedded one), as text. */
  xml: string;
  /** What the file is, sniffed from its bytes: `application/pdf` or `application/xml`. */
  mediaType: SupplierFileMediaType;
}

/** A file that could not be read, kept with why. */
export interface UnreadableSupplierInvoice {
  unreadable: string;
  /** What the file looks like: a PDF, an XML, or neither. */
  mediaType: SupplierFileMediaType;
}

export type SupplierFileMediaType = 'application/pdf' | 'application/xml' | 'application/octet-stream';

/** The result of the CEN EN 16931 rules for the file's syntax: broken rules only (warnings pass). */
export interface SupplierInvoiceValidation {
  valid: boolean;
  failedRules: { id: string; message: string }[];
}
