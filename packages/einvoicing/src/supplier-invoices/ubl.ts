import {
  creditNoteTypeCodes,
  type ParsedInvoice,
  type ParsedLine,
  type ParsedParty,
  type ParsedVatBreakdown,
} from './model.ts';
import {
  at,
  attribute,
  child,
  children,
  decimal,
  isoDate,
  present,
  requiredDecimal,
  requiredText,
  sirenOfSiret,
  text,
  Unreadable,
  unitPriceOf,
} from './tree.ts';

// OASIS UBL 2.1 Invoice and CreditNote to ParsedInvoice. The paths are those of the EN 16931-3-2
// syntax binding for UBL.

export const ublNamespaces = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
} as const;
export type UblRoot = keyof typeof ublNamespaces;

function party(node: unknown): ParsedParty {
  const inner = child(node, 'Party');
  const legal = child(inner, 'PartyLegalEntity');
  const legalId = child(legal, 'CompanyID');
  const siret =
    children(inner, 'PartyIdentification')
      .map((identification) => child(identification, 'ID'))
      .filter((id) => attribute(id, 'schemeID') === '0009')
      .map(text)
      .find((id) => id !== null) ?? null;
  const vatNumber =
    children(inner, 'PartyTaxScheme')
      .filter((scheme) => text(at(scheme, 'TaxScheme', 'ID')) === 'VAT')
      .map((scheme) => text(child(scheme, 'CompanyID')))
      .find((id) => id !== null) ?? null;
  return {
    name: text(child(legal, 'RegistrationName')) ?? text(at(inner, 'PartyName', 'Name')),
    siren: (attribute(legalId, 'schemeID') === '0002' ? text(legalId) : null) ?? sirenOfSiret(siret),
    siret,
    vatNumber,
  };
}

function line(root: UblRoot) {
  const quantityName = root === 'CreditNote' ? 'CreditedQuantity' : 'InvoicedQuantity';
  return (node: unknown, position: number): ParsedLine => {
    const term = (name: string) => `line ${position + 1}: ${name}`;
    const item = child(node, 'Item');
    const price = child(node, 'Price');
    const quantity = child(node, quantityName);
    const category = child(item, 'ClassifiedTaxCategory');
    const standard = at(item, 'StandardItemIdentification', 'ID');
    return {
      lineId: text(child(node, 'ID')),
      description: text(child(item, 'Name')) ?? '',
      quantity: requiredDecimal(quantity, term('the quantity (BT-129)')),
      unitCode: attribute(quantity, 'unitCode'),
      unitPrice: unitPriceOf(
        decimal(child(price, 'PriceAmount'), term('the net price (BT-146)')),
        decimal(child(price, 'BaseQuantity'), term('the base quantity (BT-149)')),
      ),
      taxCategory: text(child(category, 'ID')),
      taxRate: decimal(child(category, 'Percent'), term('the VAT rate (BT-152)')),
      netAmount: requiredDecimal(child(node, 'LineExtensionAmount'), term('the net amount (BT-131)')),
      sellerItemId: text(at(item, 'SellersItemIdentification', 'ID')),
      standardItemId: text(standard),
      standardItemScheme: attribute(standard, 'schemeID'),
    };
  };
}

function breakdown(node: unknown, position: number): ParsedVatBreakdown {
  const term = (name: string) => `VAT breakdown ${position + 1}: ${name}`;
  const category = child(node, 'TaxCategory');
  return {
    category: text(child(category, 'ID')),
    rate: decimal(child(category, 'Percent'), term('the rate (BT-119)')),
    base: requiredDecimal(child(node, 'TaxableAmount'), term('the taxable amount (BT-116)')),
    amount: requiredDecimal(child(node, 'TaxAmount'), term('the VAT amount (BT-117)')),
  };
}

/**
 * The TaxTotal in the invoice's currency: the one with the breakdown (BG-23), or whose amount is
 * in that currency. A second TaxTotal gives the VAT in the accounting currency (BT-111).
 */
function taxTotalOf(root: unknown, currency: string): unknown {
  const totals = children(root, 'TaxTotal');
  return (
    totals.find((total) => children(total, 'TaxSubtotal').length > 0) ??
    totals.find((total) => attribute(child(total, 'TaxAmount'), 'currencyID') === currency) ??
    totals[0]
  );
}

/** The `Invoice` or `CreditNote` element of a parsed tree as a ParsedInvoice. */
export function readUbl(node: unknown, root: UblRoot): ParsedInvoice {
  const currency = requiredText(child(node, 'DocumentCurrencyCode'), 'the currency (BT-5)');
  const typeCode = text(child(node, root === 'CreditNote' ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'));
  const seller = party(child(node, 'AccountingSupplierParty'));
  if (seller.name === null) throw new Unreadable("the seller's name (BT-27) is missing");
  const taxTotal = taxTotalOf(node, currency);
  const monetary = child(node, 'LegalMonetaryTotal');
  const means = children(node, 'PaymentMeans');
  const notes = children(node, 'PaymentTerms')
    .flatMap((terms) => children(terms, 'Note').map(text))
    .filter((note) => note !== null);
  // BT-9: cbc:DueDate on an Invoice; a CreditNote has none and says it in its payment means.
  const dueDate =
    isoDate(text(child(node, 'DueDate')), 'the due date (BT-9)') ??
    means
      .map((mean) => isoDate(text(child(mean, 'PaymentDueDate')), 'the due date (BT-9)'))
      .find((date) => date !== null) ??
    null;
  return {
    number: requiredText(child(node, 'ID'), 'the invoice number (BT-1)'),
    typeCode,
    creditNote: root === 'CreditNote' || (typeCode !== null && creditNoteTypeCodes.has(typeCode)),
    issueDate: present(
      isoDate(text(child(node, 'IssueDate')), 'the issue date (BT-2)'),
      'the issue date (BT-2)',
    ),
    dueDate,
    currency,
    seller,
    buyer: party(child(node, 'AccountingCustomerParty')),
    lines: children(node, root === 'CreditNote' ? 'CreditNoteLine' : 'InvoiceLine').map(line(root)),
    vatBreakdown: children(taxTotal, 'TaxSubtotal').map(breakdown),
    totals: {
      lineTotal: decimal(child(monetary, 'LineExtensionAmount'), 'the sum of line net amounts (BT-106)'),
      allowanceTotal: decimal(child(monetary, 'AllowanceTotalAmount'), 'the allowances (BT-107)'),
      chargeTotal: decimal(child(monetary, 'ChargeTotalAmount'), 'the charges (BT-108)'),
      taxExclusive: decimal(child(monetary, 'TaxExclusiveAmount'), 'the total without VAT (BT-109)'),
      taxTotal: decimal(child(taxTotal, 'TaxAmount'), 'the VAT total (BT-110)'),
      taxInclusive: requiredDecimal(child(monetary, 'TaxInclusiveAmount'), 'the total with VAT (BT-112)'),
      prepaid: decimal(child(monetary, 'PrepaidAmount'), 'the paid amount (BT-113)'),
      rounding: decimal(child(monetary, 'PayableRoundingAmount'), 'the rounding amount (BT-114)'),
      payable: requiredDecimal(child(monetary, 'PayableAmount'), 'the amount due (BT-115)'),
    },
    paymentTerms: notes.length === 0 ? null : notes.join('\n'),
    iban:
      means.map((mean) => text(at(mean, 'PayeeFinancialAccount', 'ID'))).find((id) => id !== null) ?? null,
  };
}
