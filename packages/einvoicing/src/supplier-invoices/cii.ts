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

// UN/CEFACT Cross Industry Invoice (D16B, as EN 16931 and Factur-X use it) to ParsedInvoice. The
// paths are those of the EN 16931-3-3 syntax binding for CII.

export const ciiNamespace = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/** A date as CII writes it: `udt:DateTimeString format="102"` (YYYYMMDD). */
function ciiDate(node: unknown, term: string): string | null {
  const value = at(node, 'DateTimeString');
  const format = attribute(value, 'format');
  const written = text(value);
  if (written !== null && format !== null && format !== '102') {
    throw new Unreadable(`${term} is in date format ${format}; EN 16931 uses 102 (YYYYMMDD)`);
  }
  return isoDate(written, term);
}

function party(node: unknown): ParsedParty {
  const siret =
    children(node, 'GlobalID')
      .filter((id) => attribute(id, 'schemeID') === '0009')
      .map(text)
      .find((id) => id !== null) ?? null;
  const legal = at(node, 'SpecifiedLegalOrganization', 'ID');
  const siren = attribute(legal, 'schemeID') === '0002' ? text(legal) : null;
  const vatNumber =
    children(node, 'SpecifiedTaxRegistration')
      .map((registration) => child(registration, 'ID'))
      .filter((id) => attribute(id, 'schemeID') === 'VA')
      .map(text)
      .find((id) => id !== null) ?? null;
  return {
    name: text(child(node, 'Name')) ?? text(at(node, 'SpecifiedLegalOrganization', 'TradingBusinessName')),
    siren: siren ?? sirenOfSiret(siret),
    siret,
    vatNumber,
  };
}

function line(node: unknown, position: number): ParsedLine {
  const term = (name: string) => `line ${position + 1}: ${name}`;
  const product = child(node, 'SpecifiedTradeProduct');
  const price = at(node, 'SpecifiedLineTradeAgreement', 'NetPriceProductTradePrice');
  const quantity = at(node, 'SpecifiedLineTradeDelivery', 'BilledQuantity');
  const settlement = child(node, 'SpecifiedLineTradeSettlement');
  const tax = child(settlement, 'ApplicableTradeTax');
  const standard = child(product, 'GlobalID');
  return {
    lineId: text(at(node, 'AssociatedDocumentLineDocument', 'LineID')),
    description: text(child(product, 'Name')) ?? '',
    quantity: requiredDecimal(quantity, term('the quantity (BT-129)')),
    unitCode: attribute(quantity, 'unitCode'),
    unitPrice: unitPriceOf(
      decimal(child(price, 'ChargeAmount'), term('the net price (BT-146)')),
      decimal(child(price, 'BasisQuantity'), term('the base quantity (BT-149)')),
    ),
    taxCategory: text(child(tax, 'CategoryCode')),
    taxRate: decimal(child(tax, 'RateApplicablePercent'), term('the VAT rate (BT-152)')),
    netAmount: requiredDecimal(
      at(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
      term('the net amount (BT-131)'),
    ),
    sellerItemId: text(child(product, 'SellerAssignedID')),
    standardItemId: text(standard),
    standardItemScheme: attribute(standard, 'schemeID'),
  };
}

function breakdown(node: unknown, position: number): ParsedVatBreakdown {
  const term = (name: string) => `VAT breakdown ${position + 1}: ${name}`;
  return {
    category: text(child(node, 'CategoryCode')),
    rate: decimal(child(node, 'RateApplicablePercent'), term('the rate (BT-119)')),
    base: requiredDecimal(child(node, 'BasisAmount'), term('the taxable amount (BT-116)')),
    amount: requiredDecimal(child(node, 'CalculatedAmount'), term('the VAT amount (BT-117)')),
  };
}

/** BT-110: the VAT total in the invoice's currency (BT-111, in the accounting currency, may follow). */
function taxTotalIn(summation: unknown, currency: string): string | null {
  const totals = children(summation, 'TaxTotalAmount');
  const inCurrency =
    totals.find((total) => attribute(total, 'currencyID') === currency) ??
    totals.find((total) => attribute(total, 'currencyID') === null) ??
    (totals.length === 1 ? totals[0] : undefined);
  return decimal(inCurrency, 'the VAT total (BT-110)');
}

/** The `CrossIndustryInvoice` element of a parsed tree as a ParsedInvoice. */
export function readCii(root: unknown): ParsedInvoice {
  const document = child(root, 'ExchangedDocument');
  const transaction = child(root, 'SupplyChainTradeTransaction');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const summation = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const terms = children(settlement, 'SpecifiedTradePaymentTerms');
  const currency = requiredText(child(settlement, 'InvoiceCurrencyCode'), 'the currency (BT-5)');
  const typeCode = text(child(document, 'TypeCode'));
  const seller = party(child(agreement, 'SellerTradeParty'));
  if (seller.name === null) throw new Unreadable("the seller's name (BT-27) is missing");
  const account = at(
    settlement,
    'SpecifiedTradeSettlementPaymentMeans',
    'PayeePartyCreditorFinancialAccount',
  );
  const dueDates = terms.map((term) => ciiDate(child(term, 'DueDateDateTime'), 'the due date (BT-9)'));
  const descriptions = terms.map((term) => text(child(term, 'Description'))).filter((note) => note !== null);
  return {
    number: requiredText(child(document, 'ID'), 'the invoice number (BT-1)'),
    typeCode,
    creditNote: typeCode !== null && creditNoteTypeCodes.has(typeCode),
    issueDate: present(
      ciiDate(child(document, 'IssueDateTime'), 'the issue date (BT-2)'),
      'the issue date (BT-2)',
    ),
    dueDate: dueDates.find((date) => date !== null) ?? null,
    currency,
    seller,
    buyer: party(child(agreement, 'BuyerTradeParty')),
    lines: children(transaction, 'IncludedSupplyChainTradeLineItem').map(line),
    vatBreakdown: children(settlement, 'ApplicableTradeTax').map(breakdown),
    totals: {
      lineTotal: decimal(child(summation, 'LineTotalAmount'), 'the sum of line net amounts (BT-106)'),
      allowanceTotal: decimal(child(summation, 'AllowanceTotalAmount'), 'the allowances (BT-107)'),
      chargeTotal: decimal(child(summation, 'ChargeTotalAmount'), 'the charges (BT-108)'),
      taxExclusive: decimal(child(summation, 'TaxBasisTotalAmount'), 'the total without VAT (BT-109)'),
      taxTotal: taxTotalIn(summation, currency),
      taxInclusive: requiredDecimal(child(summation, 'GrandTotalAmount'), 'the total with VAT (BT-112)'),
      prepaid: decimal(child(summation, 'TotalPrepaidAmount'), 'the paid amount (BT-113)'),
      rounding: decimal(child(summation, 'RoundingAmount'), 'the rounding amount (BT-114)'),
      payable: requiredDecimal(child(summation, 'DuePayableAmount'), 'the amount due (BT-115)'),
    },
    paymentTerms: descriptions.length === 0 ? null : descriptions.join('\n'),
    iban: text(child(account, 'IBANID')) ?? text(child(account, 'ProprietaryID')),
  };
}
