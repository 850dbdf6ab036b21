import { AFRelationship, PDFDocument, StandardFonts } from 'pdf-lib';
import { escapeXml } from './xml.ts';

// Sample documents for tests and for feeding the development platform a supplier invoice by hand.

export interface SampleInvoice {
  number: string;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  typeCode?: string;
  currency?: string | null;
  seller?: { name: string; siren: string };
  buyer?: { name: string; siren: string };
  /** A decimal string. */
  total?: string;
}

/** A small CII invoice (EN 16931 structure, one line), with the elements it is asked to leave out omitted. */
export function sampleCii(invoice: SampleInvoice): string {
  const seller = invoice.seller ?? { name: 'Vendeur SARL', siren: '100000009' };
  const buyer = invoice.buyer ?? { name: 'Acheteur SAS', siren: '200000008' };
  const total = invoice.total ?? '120.00';
  const net = (Number(total) / 1.2).toFixed(2);
  const tax = (Number(total) - Number(net)).toFixed(2);
  const currency = invoice.currency === undefined ? 'EUR' : invoice.currency;
  const party = (tag: string, value: { name: string; siren: string }) =>
    `<ram:${tag}><ram:Name>${escapeXml(value.name)}</ram:Name>` +
    `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${value.siren}</ram:ID></ram:SpecifiedLegalOrganization>` +
    `<ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:${tag}>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${escapeXml(invoice.number)}</ram:ID><ram:TypeCode>${invoice.typeCode ?? '380'}</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">${invoice.issueDate.replaceAll('-', '')}</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>
<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>1</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>Prestation</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${net}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement><ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">1</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${net}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>
<ram:ApplicableHeaderTradeAgreement>${party('SellerTradeParty', seller)}${party('BuyerTradeParty', buyer)}</ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement>${currency === null ? '' : `<ram:InvoiceCurrencyCode>${currency}</ram:InvoiceCurrencyCode>`}<ram:ApplicableTradeTax><ram:CalculatedAmount>${tax}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${net}</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${net}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${net}</ram:TaxBasisTotalAmount><ram:TaxTotalAmount currencyID="${currency ?? 'EUR'}">${tax}</ram:TaxTotalAmount><ram:GrandTotalAmount>${total}</ram:GrandTotalAmount><ram:DuePayableAmount>${total}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation></ram:ApplicableHeaderTradeSettlement>
</rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

/**
 * A PDF carrying the XML as `factur-x.xml` (an Alternative attachment, as Factur-X asks). Not PDF/A-3:
 * enough for the platform's checks, not for a conformance checker.
 */
export async function sampleFacturX(
  xml: string,
  options: { attachmentName?: string } = {},
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // Fixed dates, so that the same XML always gives the same bytes.
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText('Facture', { x: 50, y: 780, size: 18, font });
  await pdf.attach(new TextEncoder().encode(xml), options.attachmentName ?? 'factur-x.xml', {
    mimeType: 'text/xml',
    description: 'Factur-X invoice',
    afRelationship: AFRelationship.Alternative,
    creationDate: new Date('2026-01-01T00:00:00Z'),
    modificationDate: new Date('2026-01-01T00:00:00Z'),
  });
  return pdf.save({ useObjectStreams: false });
}
