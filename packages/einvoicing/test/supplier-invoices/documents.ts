import type { DocumentModel } from '@comptoir/documents';
import { InvoiceService } from '@e-invoice-eu/core';
import { fc } from '@fast-check/vitest';
import { Decimal } from 'decimal.js';

// Invoices written by tools other than the reader, from amounts the tests choose: our own
// renderer (packages/documents: the Factur-X PDF/A-3 and its CII) and E-Invoice-EU
// (@e-invoice-eu/core, a maintained EN 16931 writer of UBL 2.1 and CII). Amounts are computed
// here the EN 16931 way in decimal arithmetic (line nets to the cent, VAT once per rate).

export interface MadeLine {
  description: string;
  /** At most 4 decimals. */
  quantity: string;
  /** At most 2 decimals (E-Invoice-EU writes no more in BT-146). */
  unitPrice: string;
  taxRate: string;
  sellerItemId: string | null;
  gtin: string | null;
}

export interface MadeInvoice {
  number: string;
  issueDate: string;
  dueDate: string;
  seller: { name: string; siren: string; vatNumber: string; iban: string };
  lines: MadeLine[];
  paymentTerms: string;
}

export interface MadeAmounts {
  lineNets: string[];
  taxes: { rate: string; base: string; amount: string }[];
  lineTotal: string;
  taxTotal: string;
  total: string;
}

const cents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** EN 16931 amounts of the lines: nets rounded to the cent, VAT once per rate. */
export function amountsOf(lines: readonly MadeLine[]): MadeAmounts {
  const lineNets = lines.map((line) => cents(new Decimal(line.quantity).times(line.unitPrice)));
  const bases = new Map<string, Decimal>();
  lines.forEach((line, index) => {
    const rate = new Decimal(line.taxRate).toFixed();
    bases.set(rate, (bases.get(rate) ?? new Decimal(0)).plus(lineNets[index] ?? 0));
  });
  const taxes = [...bases.entries()]
    .sort(([a], [b]) => new Decimal(a).comparedTo(b))
    .map(([rate, base]) => ({ rate, base, amount: cents(base.times(rate).div(100)) }));
  const lineTotal = lineNets.reduce((sum, net) => sum.plus(net), new Decimal(0));
  const taxTotal = taxes.reduce((sum, tax) => sum.plus(tax.amount), new Decimal(0));
  return {
    lineNets: lineNets.map((net) => net.toFixed()),
    taxes: taxes.map((tax) => ({ rate: tax.rate, base: tax.base.toFixed(), amount: tax.amount.toFixed() })),
    lineTotal: lineTotal.toFixed(),
    taxTotal: taxTotal.toFixed(),
    total: lineTotal.plus(taxTotal).toFixed(),
  };
}

const places = (digits: number, max: number) =>
  fc
    .integer({ min: 1, max: max * 10 ** digits })
    .map((units) => new Decimal(units).div(10 ** digits).toFixed());

/** A character XML 1.0 allows (the renderer and E-Invoice-EU write text as given). */
function allowedInXml(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) && code !== 0xfffe && code !== 0xffff
  );
}

const text = fc
  .string({ minLength: 1, maxLength: 40 })
  .map((value) => value.replaceAll('\u0000', '').toWellFormed().trim().replace(/\s+/g, ' '))
  .filter((value) => value !== '' && [...value].every(allowedInXml));

export const madeLine: fc.Arbitrary<MadeLine> = fc.record({
  description: fc.oneof(text, fc.constantFrom('Café « crème » & <thé>', 'Tasse ☕ 漢')),
  quantity: places(4, 500),
  unitPrice: places(2, 2_000),
  taxRate: fc.constantFrom('20', '10', '5.5', '2.1'),
  sellerItemId: fc.option(fc.stringMatching(/^[A-Z]{2,4}-\d{1,6}$/), { nil: null }),
  gtin: fc.option(fc.stringMatching(/^\d{13}$/), { nil: null }),
});

export const madeInvoice: fc.Arbitrary<MadeInvoice> = fc.record({
  number: fc.stringMatching(/^[A-Z]{1,3}-20\d{2}-\d{1,6}$/),
  issueDate: fc.constantFrom('2026-01-31', '2026-11-20', '2027-02-28'),
  dueDate: fc.constantFrom('2026-12-20', '2027-03-31'),
  seller: fc.constantFrom(
    {
      name: 'Torréfaction Martin SAS',
      siren: '732829320',
      vatNumber: 'FR44732829320',
      iban: 'FR7630006000011234567890189',
    },
    {
      name: 'Fournil & Cie',
      siren: '552081317',
      vatNumber: 'FR03552081317',
      iban: 'FR1420041010050500013M02606',
    },
  ),
  lines: fc.array(madeLine, { minLength: 1, maxLength: 6 }),
  paymentTerms: fc.constantFrom('30 jours fin de mois', 'Paiement à réception'),
});

/** The buyer: us. */
export const buyer = { name: 'Comptoir Démo SAS', siren: '813465216', vatNumber: 'FR83813465216' };

/** The invoice as our renderer's model (a sent invoice, nothing paid). */
export function documentModel(made: MadeInvoice): DocumentModel {
  const amounts = amountsOf(made.lines);
  return {
    kind: 'invoice',
    draft: false,
    number: made.number,
    title: made.lines[0]?.description ?? 'Facture',
    issuedAt: `${made.issueDate}T10:00:00.000Z`,
    dueAt: `${made.dueDate}T10:00:00.000Z`,
    currency: 'EUR',
    seller: {
      legalName: made.seller.name,
      legalForm: 'SAS',
      shareCapital: 10_000,
      rcsCity: 'Lyon',
      siren: made.seller.siren,
      siret: `${made.seller.siren}00074`,
      vatNumber: made.seller.vatNumber,
      address: { lines: ['12 rue de la Paix'], postalCode: '69002', city: 'Lyon', countryCode: 'FR' },
      iban: made.seller.iban,
      bic: 'AGRIFRPP',
      vatOnDebits: false,
      latePenaltyRate: 12.15,
    },
    buyer: {
      name: 'Camille Martin',
      company: buyer.name,
      email: 'compta@comptoir.test',
      address: { lines: ['4 place des Halles'], postalCode: '69001', city: 'Lyon', countryCode: 'FR' },
      siren: buyer.siren,
      vatNumber: buyer.vatNumber,
    },
    deliveryAddress: null,
    operationCategory: 'goods',
    deliveryDate: null,
    reverseCharge: false,
    vatExemption: null,
    discountPercent: 0,
    lines: made.lines.map((line, position) => ({
      position,
      description: line.description,
      quantity: Number(line.quantity),
      unit: null,
      unitPrice: Number(line.unitPrice),
      discountPercent: 0,
      taxRate: Number(line.taxRate),
      netAmount: Number(amounts.lineNets[position]),
    })),
    totals: {
      subtotal: Number(amounts.lineTotal),
      discountAmount: 0,
      taxes: amounts.taxes.map((tax) => ({
        rate: Number(tax.rate),
        base: Number(tax.base),
        amount: Number(tax.amount),
      })),
      taxTotal: Number(amounts.taxTotal),
      total: Number(amounts.total),
      paid: 0,
      balance: Number(amounts.total),
    },
    paymentTermsDays: 30,
    credited: null,
    quote: null,
  };
}

const money = (amount: string) => new Decimal(amount).toFixed(2);

type EInvoiceEuInput = Parameters<InvoiceService['generate']>[0];

function eInvoiceEuData(made: MadeInvoice, typeCode: '380' | '381'): EInvoiceEuInput {
  const amounts = amountsOf(made.lines);
  const address = {
    'cbc:StreetName': '12 rue de la Paix',
    'cbc:CityName': 'Lyon',
    'cbc:PostalZone': '69002',
    'cac:Country': { 'cbc:IdentificationCode': 'FR' as const },
  };
  const data = {
    'ubl:Invoice': {
      'cbc:CustomizationID': 'urn:cen.eu:en16931:2017',
      'cbc:ID': made.number,
      'cbc:IssueDate': made.issueDate,
      'cbc:DueDate': made.dueDate,
      'cbc:InvoiceTypeCode': typeCode,
      'cbc:DocumentCurrencyCode': 'EUR' as const,
      'cbc:BuyerReference': 'ACHATS',
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': made.seller.siren,
          'cbc:EndpointID@schemeID': '0002' as const,
          'cac:PostalAddress': address,
          'cac:PartyTaxScheme': [
            { 'cbc:CompanyID': made.seller.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
          ],
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': made.seller.name,
            'cbc:CompanyID': made.seller.siren,
            'cbc:CompanyID@schemeID': '0002' as const,
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          'cbc:EndpointID': buyer.siren,
          'cbc:EndpointID@schemeID': '0002' as const,
          'cac:PostalAddress': address,
          'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatNumber, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': buyer.name,
            'cbc:CompanyID': buyer.siren,
            'cbc:CompanyID@schemeID': '0002' as const,
          },
        },
      },
      'cac:PaymentMeans': [
        {
          'cbc:PaymentMeansCode': '58' as const,
          'cac:PayeeFinancialAccount': { 'cbc:ID': made.seller.iban },
        },
      ],
      'cac:PaymentTerms': { 'cbc:Note': made.paymentTerms },
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': money(amounts.taxTotal),
          'cbc:TaxAmount@currencyID': 'EUR' as const,
          'cac:TaxSubtotal': amounts.taxes.map((tax) => ({
            'cbc:TaxableAmount': money(tax.base),
            'cbc:TaxableAmount@currencyID': 'EUR' as const,
            'cbc:TaxAmount': money(tax.amount),
            'cbc:TaxAmount@currencyID': 'EUR' as const,
            'cac:TaxCategory': {
              'cbc:ID': 'S' as const,
              'cbc:Percent': tax.rate,
              'cac:TaxScheme': { 'cbc:ID': 'VAT' },
            },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': money(amounts.lineTotal),
        'cbc:LineExtensionAmount@currencyID': 'EUR' as const,
        'cbc:TaxExclusiveAmount': money(amounts.lineTotal),
        'cbc:TaxExclusiveAmount@currencyID': 'EUR' as const,
        'cbc:TaxInclusiveAmount': money(amounts.total),
        'cbc:TaxInclusiveAmount@currencyID': 'EUR' as const,
        'cbc:PayableAmount': money(amounts.total),
        'cbc:PayableAmount@currencyID': 'EUR' as const,
      },
      'cac:InvoiceLine': made.lines.map((line, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': line.quantity,
        'cbc:InvoicedQuantity@unitCode': 'C62' as const,
        'cbc:LineExtensionAmount': money(amounts.lineNets[index] ?? '0'),
        'cbc:LineExtensionAmount@currencyID': 'EUR' as const,
        'cac:Item': {
          'cbc:Name': line.description,
          ...(line.sellerItemId === null
            ? {}
            : { 'cac:SellersItemIdentification': { 'cbc:ID': line.sellerItemId } }),
          ...(line.gtin === null
            ? {}
            : {
                'cac:StandardItemIdentification': { 'cbc:ID': line.gtin, 'cbc:ID@schemeID': '0160' as const },
              }),
          'cac:ClassifiedTaxCategory': {
            'cbc:ID': 'S' as const,
            'cbc:Percent': line.taxRate,
            'cac:TaxScheme': { 'cbc:ID': 'VAT' },
          },
        },
        'cac:Price': { 'cbc:PriceAmount': line.unitPrice, 'cbc:PriceAmount@currencyID': 'EUR' as const },
      })),
    },
  };
  return data as unknown as EInvoiceEuInput;
}

const service = new InvoiceService({ log() {}, warn() {}, error() {} });

/** The invoice written by E-Invoice-EU in a syntax: `UBL` or `CII`. */
export async function eInvoiceEu(made: MadeInvoice, format: 'UBL' | 'CII', typeCode: '380' | '381' = '380') {
  const written = await service.generate(eInvoiceEuData(made, typeCode), { format, lang: 'fr-fr' });
  return typeof written === 'string' ? written : new TextDecoder().decode(written);
}
