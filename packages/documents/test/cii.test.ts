import { fc, test as propertyTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { renderFacturXXml, unitCode } from '../src/cii.ts';
import { withShortRates } from '../src/cii-workarounds.ts';
import type { DocumentModel } from '../src/model.ts';
import * as fixtures from './fixtures.ts';
import { businessRuleErrors, en16931XsdErrors, readBack, xpath, xpathValue } from './xml-tools.ts';

// The CII XML of issued invoices and credit notes, checked with tools we did not write: the
// official EN 16931 XSD (xmllint), factur-x-kit's business rules on the XML read back, and
// XPath on the bytes. The EN 16931 arithmetic on generated invoices: cii-arithmetic.test.ts.

const withDelivery: DocumentModel = {
  ...fixtures.invoice,
  deliveryAddress: 'Entrepôt Sud\n3 quai Perrache\n69002 Lyon',
};
const cases = { ...fixtures.issuedCases, withDelivery };
const headerTax = '//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax';

describe('renderFacturXXml: what validators we did not write say', () => {
  it.each(Object.entries(cases))(
    '%s validates against the official Factur-X 1.07.3 EN 16931 XSD',
    async (_, model) => {
      expect(await en16931XsdErrors(await renderFacturXXml(model))).toEqual([]);
    },
  );

  it.each(Object.entries(cases))('%s passes factur-x-kit business rules once read back', async (_, model) => {
    const xml = await renderFacturXXml(model);
    expect(await businessRuleErrors(xml)).toEqual([]);
    expect((await readBack(xml)).profile).toBe('urn:cen.eu:en16931:2017');
  });
});

describe('renderFacturXXml: what the XML carries', () => {
  it('an invoice: number, dates, 380, seller and buyer identifiers with their schemes, lines, payment', async () => {
    const xml = await renderFacturXXml(fixtures.invoice);
    expect(await xpathValue(xml, '//rsm:ExchangedDocument/ram:ID/text()')).toBe('INV-2026-00042');
    expect(await xpathValue(xml, '//rsm:ExchangedDocument/ram:TypeCode/text()')).toBe('380');
    expect(await xpathValue(xml, '//rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString/text()')).toBe(
      '20261123',
    );
    expect(
      await xpathValue(xml, '//ram:SpecifiedTradePaymentTerms/ram:DueDateDateTime/udt:DateTimeString/text()'),
    ).toBe('20261223');
    expect(await xpathValue(xml, '//ram:InvoiceCurrencyCode/text()')).toBe('EUR');
    const seller = '//ram:SellerTradeParty';
    expect(await xpathValue(xml, `${seller}/ram:Name/text()`)).toBe('Comptoir Démo SAS');
    expect(
      await xpathValue(xml, `${seller}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']/text()`),
    ).toBe('732829320');
    expect(await xpathValue(xml, `${seller}/ram:GlobalID[@schemeID='0009']/text()`)).toBe('73282932000074');
    expect(
      await xpathValue(xml, `${seller}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']/text()`),
    ).toBe('FR44732829320');
    expect(await xpathValue(xml, `${seller}/ram:Description/text()`)).toBe(
      'SAS au capital de 10 000 EUR - RCS Lyon 732 829 320',
    );
    const buyer = '//ram:BuyerTradeParty';
    expect(await xpathValue(xml, `${buyer}/ram:Name/text()`)).toBe('Bistrot des Halles SARL');
    expect(
      await xpathValue(xml, `${buyer}/ram:SpecifiedLegalOrganization/ram:ID[@schemeID='0002']/text()`),
    ).toBe('552081317');
    expect(await xpathValue(xml, `${buyer}/ram:SpecifiedTaxRegistration/ram:ID[@schemeID='VA']/text()`)).toBe(
      'FR03552081317',
    );
    expect(await xpathValue(xml, `${buyer}/ram:PostalTradeAddress/ram:CountryID/text()`)).toBe('FR');
    expect(await xpath(xml, '//ram:BilledQuantity/@unitCode')).toEqual([
      ' unitCode="KGM"',
      ' unitCode="HUR"',
    ]);
    expect(
      await xpath(
        xml,
        '//ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:ActualAmount/text()',
      ),
    ).toEqual(['9.00']);
    expect(
      await xpath(xml, '//ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount/text()'),
    ).toEqual(['189.00', '81.00']);
    expect(await xpathValue(xml, '//ram:SpecifiedTradeSettlementPaymentMeans/ram:TypeCode/text()')).toBe(
      '58',
    );
    expect(await xpathValue(xml, '//ram:PayeePartyCreditorFinancialAccount/ram:IBANID/text()')).toBe(
      'FR7630006000011234567890189',
    );
    const sums = '//ram:SpecifiedTradeSettlementHeaderMonetarySummation';
    expect(await xpathValue(xml, `${sums}/ram:TotalPrepaidAmount/text()`)).toBe('50.00');
    expect(await xpathValue(xml, `${sums}/ram:DuePayableAmount/text()`)).toBe('246.60');
    expect(await xpath(xml, `${headerTax}/ram:DueDateTypeCode`)).toEqual([]);
  });

  it('the payment terms and the French legal mentions (BT-20 and notes)', async () => {
    const xml = await renderFacturXXml(fixtures.invoice);
    const terms = (await xpathValue(xml, '//ram:SpecifiedTradePaymentTerms/ram:Description/text()')).replace(
      /\s+/g,
      ' ',
    );
    for (const mention of ['30 jours', "Pas d'escompte pour paiement anticipé", '12,15 % par an', '40 €']) {
      expect(terms).toContain(mention);
    }
    expect(await xpath(xml, '//ram:IncludedNote/ram:SubjectCode/text()')).toEqual(['AAB', 'PMD', 'PMT']);
  });

  it('the electronic addresses: the seller by its SIREN (0225), the buyer by its SIREN or its e-mail', async () => {
    const address = (xml: string, party: string) =>
      Promise.all([
        xpath(xml, `//ram:${party}/ram:URIUniversalCommunication/ram:URIID/@schemeID`),
        xpath(xml, `//ram:${party}/ram:URIUniversalCommunication/ram:URIID/text()`),
      ]);
    const french = await renderFacturXXml(fixtures.invoice);
    expect(await address(french, 'SellerTradeParty')).toEqual([[' schemeID="0225"'], ['732829320']]);
    expect(await address(french, 'BuyerTradeParty')).toEqual([[' schemeID="0225"'], ['552081317']]);
    const foreign = await renderFacturXXml(fixtures.foreignBuyer);
    expect(await address(foreign, 'BuyerTradeParty')).toEqual([[' schemeID="EM"'], ['sam@carter.test']]);
  });

  propertyTest.prop([fc.integer({ min: 0, max: 1_000_000 }).map((units) => units / 10_000)])(
    'a VAT rate is written with its own decimals, at least 2, never rounded (BR-FR-DEC-04)',
    (rate) => {
      const printed = rate.toFixed(4);
      const written = withShortRates(`<ram:RateApplicablePercent>${printed}</ram:RateApplicablePercent>`);
      const value = /<ram:RateApplicablePercent>([^<]*)</.exec(written)?.[1] ?? '';
      expect(Number(value)).toBe(Number(printed));
      expect(value).toMatch(/^\d+\.\d\d(\d*[1-9])?$/);
    },
  );

  it('a credit note: 381 naming the credited invoice by number and date', async () => {
    const xml = await renderFacturXXml(fixtures.creditNote);
    expect(await xpathValue(xml, '//rsm:ExchangedDocument/ram:TypeCode/text()')).toBe('381');
    expect(await xpathValue(xml, '//rsm:ExchangedDocument/ram:ID/text()')).toBe('AV-2026-00001');
    expect(await xpathValue(xml, '//ram:InvoiceReferencedDocument/ram:IssuerAssignedID/text()')).toBe(
      'INV-2026-00042',
    );
    expect(
      await xpathValue(
        xml,
        '//ram:InvoiceReferencedDocument/ram:FormattedIssueDateTime/qdt:DateTimeString/text()',
      ),
    ).toBe('20261120');
  });

  it('reverse charge: every line and the breakdown in AE at 0 % with "Autoliquidation"', async () => {
    const xml = await renderFacturXXml(fixtures.reverseCharge);
    expect(
      await xpath(xml, '//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode/text()'),
    ).toEqual(['AE', 'AE']);
    expect(await xpath(xml, `${headerTax}/ram:CategoryCode/text()`)).toEqual(['AE']);
    expect(await xpathValue(xml, `${headerTax}/ram:RateApplicablePercent/text()`)).toBe('0.00');
    expect(await xpathValue(xml, `${headerTax}/ram:BasisAmount/text()`)).toBe('270.00');
    expect(await xpathValue(xml, `${headerTax}/ram:ExemptionReason/text()`)).toBe('Autoliquidation');
    expect(await xpathValue(xml, `${headerTax}/ram:ExemptionReasonCode/text()`)).toBe('VATEX-EU-AE');
    expect(
      await xpathValue(
        xml,
        '//ram:BuyerTradeParty/ram:SpecifiedTaxRegistration/ram:ID[@schemeID="VA"]/text()',
      ),
    ).toBe('DE123456789');
  });

  it('a 0 % line: category Z beside the standard-rated ones', async () => {
    const xml = await renderFacturXXml(fixtures.zeroRateLine);
    expect(
      await xpath(xml, '//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode/text()'),
    ).toEqual(['S', 'S', 'Z']);
    expect(await xpath(xml, `${headerTax}/ram:CategoryCode/text()`)).toEqual(['Z', 'S', 'S']);
    expect(await xpath(xml, '//ram:BilledQuantity/@unitCode')).toContain(' unitCode="C62"');
  });

  it('a document discount: one allowance per VAT rate, summing to BT-107', async () => {
    const xml = await renderFacturXXml(fixtures.documentDiscount);
    const allowances = '//ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge';
    expect(await xpath(xml, `${allowances}/ram:ActualAmount/text()`)).toEqual(['23.63', '10.13']);
    expect(await xpath(xml, `${allowances}/ram:CategoryTradeTax/ram:RateApplicablePercent/text()`)).toEqual([
      '5.50',
      '20.00',
    ]);
    expect(await xpath(xml, `${allowances}/ram:Reason/text()`)).toEqual(['Remise', 'Remise']);
    const sums = '//ram:SpecifiedTradeSettlementHeaderMonetarySummation';
    expect(await xpathValue(xml, `${sums}/ram:AllowanceTotalAmount/text()`)).toBe('33.76');
    expect(await xpathValue(xml, `${sums}/ram:TaxBasisTotalAmount/text()`)).toBe('236.24');
    expect(await xpath(xml, `${headerTax}/ram:BasisAmount/text()`)).toEqual(['165.37', '70.87']);
  });

  it('a foreign buyer without SIREN: no BT-47, its country kept', async () => {
    const xml = await renderFacturXXml(fixtures.foreignBuyer);
    expect(await xpath(xml, '//ram:BuyerTradeParty/ram:SpecifiedLegalOrganization')).toEqual([]);
    expect(await xpath(xml, '//ram:BuyerTradeParty/ram:SpecifiedTaxRegistration')).toEqual([]);
    expect(await xpathValue(xml, '//ram:BuyerTradeParty/ram:Name/text()')).toBe('Sam Carter');
    expect(await xpathValue(xml, '//ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID/text()')).toBe(
      'US',
    );
  });

  it('VAT on debits: BT-8 code 5 on every VAT breakdown, and the mention', async () => {
    const xml = await renderFacturXXml(fixtures.vatOnDebits);
    expect(await xpath(xml, `${headerTax}/ram:DueDateTypeCode/text()`)).toEqual(['5', '5']);
    expect(await xpath(xml, "//ram:IncludedNote[ram:SubjectCode='TXD']/ram:Content/text()")).toEqual([
      "Option pour le paiement de la TVA d'après les débits.",
    ]);
  });

  it('a delivery address: the ship-to party (BG-13) with the buyer country', async () => {
    const xml = await renderFacturXXml(withDelivery);
    const shipTo = '//ram:ShipToTradeParty/ram:PostalTradeAddress';
    expect(await xpath(xml, `${shipTo}/*/text()`)).toEqual([
      'Entrepôt Sud',
      '3 quai Perrache',
      '69002 Lyon',
      'FR',
    ]);
  });

  const lineCategories = '//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:CategoryCode/text()';
  const deliveryDate =
    '//ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString';

  it('a delivery date other than the issue date: BT-72, a format 102 date; none on the issue date', async () => {
    const xml = await renderFacturXXml(fixtures.deliveredEarlier);
    expect(await xpathValue(xml, `${deliveryDate}/text()`)).toBe('20261120');
    expect(await xpathValue(xml, `${deliveryDate}/@format`)).toBe(' format="102"');
    // Issued at 10:00 UTC on 23 November: that day in Paris.
    const sameDay = await renderFacturXXml({ ...fixtures.deliveredEarlier, deliveryDate: '2026-11-23' });
    expect(await xpath(sameDay, deliveryDate)).toEqual([]);
    expect(await xpath(await renderFacturXXml(fixtures.invoice), deliveryDate)).toEqual([]);
  });

  it('an intra-community supply: lines and breakdown in K at 0 %, BT-120/BT-121, BT-72 and the country shipped to', async () => {
    // Delivered on the day it is invoiced: BR-IC-11 wants the date all the same.
    const model = { ...fixtures.intraCommunitySupply, deliveryDate: '2026-11-23' };
    const xml = await renderFacturXXml(model);
    expect(await xpath(xml, lineCategories)).toEqual(['K', 'K']);
    expect(await xpath(xml, `${headerTax}/ram:CategoryCode/text()`)).toEqual(['K']);
    expect(await xpathValue(xml, `${headerTax}/ram:RateApplicablePercent/text()`)).toBe('0.00');
    expect(await xpathValue(xml, `${headerTax}/ram:BasisAmount/text()`)).toBe('270.00');
    expect(await xpathValue(xml, `${headerTax}/ram:ExemptionReasonCode/text()`)).toBe('VATEX-EU-IC');
    expect(await xpathValue(xml, `${headerTax}/ram:ExemptionReason/text()`)).toBe(
      'Exonération de TVA, article 262 ter I du CGI',
    );
    expect(await xpathValue(xml, `${deliveryDate}/text()`)).toBe('20261123');
    expect(await xpathValue(xml, '//ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID/text()')).toBe(
      'DE',
    );
  });

  it.each([
    ['franchise', 'E', 'VATEX-FR-FRANCHISE', 'TVA non applicable, art. 293 B du CGI', fixtures.franchise],
    [
      'exportOutsideEu',
      'G',
      'VATEX-EU-G',
      'Exonération de TVA, article 262 I du CGI',
      fixtures.exportOutsideEu,
    ],
  ])(
    '%s: every line in category %s at a rate of 0, the breakdown with BT-121 %s and its text',
    async (_, category, code, text, model) => {
      const xml = await renderFacturXXml(model);
      expect(await xpath(xml, lineCategories)).toEqual([category, category]);
      expect(
        await xpath(
          xml,
          '//ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax/ram:RateApplicablePercent/text()',
        ),
      ).toEqual(['0.00', '0.00']);
      expect(await xpath(xml, `${headerTax}/ram:CategoryCode/text()`)).toEqual([category]);
      expect(await xpathValue(xml, `${headerTax}/ram:ExemptionReasonCode/text()`)).toBe(code);
      expect(await xpathValue(xml, `${headerTax}/ram:ExemptionReason/text()`)).toBe(text);
      expect(await xpathValue(xml, `${headerTax}/ram:CalculatedAmount/text()`)).toBe('0.00');
      // The seller's VAT number stays (BR-E-02, BR-G-02).
      expect(await xpathValue(xml, '//ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID/text()')).toBe(
        'FR44732829320',
      );
    },
  );

  it('not subject to VAT: O with no rate anywhere and no VAT number of either party (BR-O-02, BR-O-05)', async () => {
    // A buyer with a VAT number: left out as the seller's is.
    const xml = await renderFacturXXml({
      ...fixtures.notSubject,
      buyer: fixtures.intraCommunitySupply.buyer,
    });
    expect(await xpath(xml, lineCategories)).toEqual(['O', 'O']);
    expect(await xpath(xml, '//ram:RateApplicablePercent')).toEqual([]);
    expect(await xpath(xml, `${headerTax}/ram:CategoryCode/text()`)).toEqual(['O']);
    expect(await xpathValue(xml, `${headerTax}/ram:ExemptionReasonCode/text()`)).toBe('VATEX-EU-O');
    expect(await xpath(xml, '//ram:SpecifiedTaxRegistration')).toEqual([]);
  });

  it('reverse charge on services, or on goods to a French buyer, stays AE', async () => {
    const goodsInFrance = await renderFacturXXml({
      ...fixtures.reverseCharge,
      operationCategory: 'goods',
      buyer: fixtures.invoice.buyer,
    });
    expect(await xpath(goodsInFrance, lineCategories)).toEqual(['AE', 'AE']);
    expect(await xpath(goodsInFrance, deliveryDate)).toEqual([]);
  });

  it('a quantity with 4 decimals and a free line are written as they are', async () => {
    const lines = [
      ...fixtures.invoice.lines,
      {
        position: 2,
        description: 'Vrac',
        quantity: 1.3755,
        unit: 'kg',
        unitPrice: 20,
        discountPercent: 0,
        taxRate: 20,
        netAmount: 27.51,
      },
      {
        position: 3,
        description: 'Offert',
        quantity: 1,
        unit: null,
        unitPrice: 0,
        discountPercent: 0,
        taxRate: 20,
        netAmount: 0,
      },
    ];
    const totals = {
      ...fixtures.invoice.totals,
      subtotal: 297.51,
      taxes: [fixtures.invoice.totals.taxes[0], { rate: 20, base: 108.51, amount: 21.7 }],
      taxTotal: 32.1,
      total: 329.61,
      balance: 279.61,
    } as DocumentModel['totals'];
    const xml = await renderFacturXXml({ ...fixtures.invoice, lines, totals });
    expect(await xpath(xml, '//ram:BilledQuantity/text()')).toEqual(['10.00', '2.00', '1.3755', '1.00']);
    expect(await xpath(xml, '//ram:NetPriceProductTradePrice/ram:ChargeAmount/text()')).toEqual([
      '18.9000',
      '45.0000',
      '20.0000',
      '0.0000',
    ]);
    expect(await en16931XsdErrors(xml)).toEqual([]);
    expect(await businessRuleErrors(xml)).toEqual([]);
  });

  it('characters XML 1.0 forbids (control characters core stores) are written as U+FFFD', async () => {
    const [first, ...rest] = fixtures.invoice.lines;
    if (first === undefined) throw new Error('the invoice fixture has lines');
    const xml = await renderFacturXXml({
      ...fixtures.invoice,
      lines: [{ ...first, description: 'Contrôle\u0001\u000b\u001f\ufffe\tfin' }, ...rest],
    });
    expect(await en16931XsdErrors(xml)).toEqual([]);
    expect(await xpath(xml, '//ram:SpecifiedTradeProduct/ram:Name/text()')).toContain(
      'Contrôle\ufffd\ufffd\ufffd\ufffd\tfin',
    );
  });

  it('100 lines, numbered 1 to 100', async () => {
    const xml = await renderFacturXXml(fixtures.hundredLines);
    const ids = await xpath(xml, '//ram:AssociatedDocumentLineDocument/ram:LineID/text()');
    expect(ids).toEqual(Array.from({ length: 100 }, (_, index) => String(index + 1)));
  });
});

describe('renderFacturXXml: what it refuses', () => {
  it.each([
    ['a draft', fixtures.draftInvoice],
    ['a quote', fixtures.quote],
  ])('%s has no XML', async (_, model) => {
    await expect(renderFacturXXml(model)).rejects.toThrow(/Only an issued invoice or credit note/);
  });

  it('only 0 % lines from a seller with no VAT number (franchise en base): no XML (BR-Z-02)', async () => {
    // Core sends such an invoice (no VAT applies), but EN 16931 wants a zero-rated or exempt line
    // to name the seller's VAT number or tax registration (BT-31, BT-32): the model has neither.
    const exempt: DocumentModel = {
      ...fixtures.foreignBuyer,
      seller: { ...fixtures.seller, vatNumber: null },
      lines: fixtures.foreignBuyer.lines.map((line) => ({ ...line, taxRate: 0 })),
      totals: {
        ...fixtures.foreignBuyer.totals,
        taxes: [{ rate: 0, base: 270, amount: 0 }],
        taxTotal: 0,
        total: 270,
        balance: 270,
      },
    };
    await expect(renderFacturXXml(exempt)).rejects.toThrow(/BR-Z-2/);
  });

  it('an exemption on a document that charges VAT is never written (an exempt line charges none)', async () => {
    await expect(
      renderFacturXXml({ ...fixtures.invoice, vatExemption: fixtures.exemptions.franchise }),
    ).rejects.toThrow(/exempt document \(VATEX-FR-FRANCHISE\) charges VAT/);
  });

  it('amounts that do not add up are never written', async () => {
    const broken = { ...fixtures.invoice, totals: { ...fixtures.invoice.totals, total: 296.61 } };
    await expect(renderFacturXXml(broken)).rejects.toThrow(/BR-CO-13\/15/);
  });

  it('dates are French calendar dates: 23:30 UTC on 31 December is 1 January in Paris', async () => {
    const xml = await renderFacturXXml({ ...fixtures.invoice, issuedAt: '2026-12-31T23:30:00.000Z' });
    expect(await xpathValue(xml, '//rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString/text()')).toBe(
      '20270101',
    );
  });

  it('maps unit texts to UN/ECE recommendation 20 codes', () => {
    expect([
      unitCode('h'),
      unitCode('kg'),
      unitCode('pièce'),
      unitCode('unit'),
      unitCode(null),
      unitCode('jour'),
    ]).toEqual(['HUR', 'KGM', 'C62', 'C62', 'C62', 'DAY']);
  });
});
