// Supplier invoices as files, for the tests of receiving them: a small UBL 2.1 Invoice written
// from chosen values (the parser's own tests read documents of other writers; here the subject
// is what core does with a file).

export interface UblLine {
  name: string;
  quantity: string;
  price: string;
  net: string;
  sellerItemId?: string;
  gtin?: string;
}

export interface UblInvoice {
  number: string;
  seller?: { name: string; siren: string | null; vatNumber: string | null };
  lines?: UblLine[];
  /** BT-112 and BT-115 (no VAT: the lines' sum unless given). */
  payable?: string;
  prepaid?: string;
}

const escapeXml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

export function ublInvoice(invoice: UblInvoice): Uint8Array {
  const seller = invoice.seller ?? {
    name: 'Moulins Dupont SARL',
    siren: '552081317',
    vatNumber: 'FR03552081317',
  };
  const lines = invoice.lines ?? [{ name: 'Farine T65', quantity: '10', price: '12.50', net: '125.00' }];
  const lineTotal = lines.reduce((sum, line) => sum + Math.round(Number(line.net) * 100), 0) / 100;
  const total = invoice.payable ?? lineTotal.toFixed(2);
  const prepaid = invoice.prepaid ?? '0.00';
  const payable = (Math.round(Number(total) * 100 - Number(prepaid) * 100) / 100).toFixed(2);
  const legal = seller.siren === null ? '' : `<cbc:CompanyID schemeID="0002">${seller.siren}</cbc:CompanyID>`;
  const vat =
    seller.vatNumber === null
      ? ''
      : `<cac:PartyTaxScheme><cbc:CompanyID>${seller.vatNumber}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
<cbc:ID>${escapeXml(invoice.number)}</cbc:ID>
<cbc:IssueDate>2026-11-20</cbc:IssueDate>
<cbc:DueDate>2026-12-20</cbc:DueDate>
<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
<cbc:BuyerReference>ACHATS</cbc:BuyerReference>
<cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress>${vat}<cac:PartyLegalEntity><cbc:RegistrationName>${escapeXml(seller.name)}</cbc:RegistrationName>${legal}</cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
<cac:AccountingCustomerParty><cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyLegalEntity><cbc:RegistrationName>Comptoir Test SAS</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>FR7630006000011234567890189</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>
<cac:PaymentTerms><cbc:Note>30 jours</cbc:Note></cac:PaymentTerms>
<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">${lineTotal.toFixed(2)}</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>E</cbc:ID><cbc:Percent>0</cbc:Percent><cbc:TaxExemptionReason>Exonération</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">${lineTotal.toFixed(2)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">${lineTotal.toFixed(2)}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">${total}</cbc:TaxInclusiveAmount><cbc:PrepaidAmount currencyID="EUR">${prepaid}</cbc:PrepaidAmount><cbc:PayableAmount currencyID="EUR">${payable}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${lines
  .map(
    (line, index) =>
      `<cac:InvoiceLine><cbc:ID>${index + 1}</cbc:ID><cbc:InvoicedQuantity unitCode="C62">${line.quantity}</cbc:InvoicedQuantity><cbc:LineExtensionAmount currencyID="EUR">${line.net}</cbc:LineExtensionAmount><cac:Item><cbc:Name>${escapeXml(line.name)}</cbc:Name>${line.sellerItemId ? `<cac:SellersItemIdentification><cbc:ID>${escapeXml(line.sellerItemId)}</cbc:ID></cac:SellersItemIdentification>` : ''}${line.gtin ? `<cac:StandardItemIdentification><cbc:ID schemeID="0160">${line.gtin}</cbc:ID></cac:StandardItemIdentification>` : ''}<cac:ClassifiedTaxCategory><cbc:ID>E</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item><cac:Price><cbc:PriceAmount currencyID="EUR">${line.price}</cbc:PriceAmount></cac:Price></cac:InvoiceLine>`,
  )
  .join('\n')}
</Invoice>
`;
  return new TextEncoder().encode(xml);
}
