import { isBroken, prepareRuleSets, ruleIds, schematronReport } from '@comptoir/einvoice-rules';
import { test as propertyTest } from '@fast-check/vitest';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderFacturXXml } from '../src/cii.ts';
import { issuedDocument } from './document-arbitraries.ts';
import * as fixtures from './fixtures.ts';
import { en16931XsdErrors } from './xml-tools.ts';

// The official rule sets an e-invoice is checked against (../shared/standards): CEN's EN 16931
// rules for CII, the Factur-X 1.07.3 EN 16931 rules and the French BR-FR "Flux 2" 1.3.0 rules,
// run as published (xslt3 compiles them, saxon-js runs them). Every document the renderer
// writes must break none of their rules flagged fatal or error. Each validation costs 150 to
// 600 ms, so the generated documents are few.

const NONE = { en16931: [], facturX: [], brFr: [] };

/** Warnings that need data the document model does not carry (docs/documents.md). */
const warningsForMissingData = new Set([
  // An invoice in another currency must give its VAT total in euros (BT-6, BT-111): the model
  // has no exchange rate.
  'BR-FR-CO-12_BT-5',
]);

beforeAll(async () => {
  // Compiles the three rule sets when the cache lacks them (@comptoir/einvoice-rules): about 30 s of CPU.
  await prepareRuleSets();
}, 240_000);

describe('the official rule sets pass every document the renderer writes', () => {
  it.each(Object.entries(fixtures.issuedCases))('%s: no fatal or error, and no warning', async (_, model) => {
    const report = await schematronReport(await renderFacturXXml(model));
    expect(ruleIds(report)).toEqual(NONE);
    expect(ruleIds(report, () => true)).toEqual(NONE);
  });

  propertyTest.prop([issuedDocument], { numRuns: 20 })(
    'generated invoices and credit notes: no fatal or error; only warnings for data the model lacks',
    async (model) => {
      const xml = await renderFacturXXml(model);
      // saxon-js reads an ill-formed XML without a word (a control character): xmllint does not.
      expect(await en16931XsdErrors(xml)).toEqual([]);
      const report = await schematronReport(xml);
      expect(ruleIds(report)).toEqual(NONE);
      expect(ruleIds(report, (rule) => !isBroken(rule) && !warningsForMissingData.has(rule.id))).toEqual(
        NONE,
      );
    },
  );
});

describe('the rule sets are real oracles: they fail documents that break their rules', () => {
  it('a grand total off by a cent: BR-CO-15 and BR-CO-16 (EN 16931)', async () => {
    const xml = (await renderFacturXXml(fixtures.invoice)).replace(
      '<ram:GrandTotalAmount>296.60</ram:GrandTotalAmount>',
      '<ram:GrandTotalAmount>296.61</ram:GrandTotalAmount>',
    );
    const { en16931 } = ruleIds(await schematronReport(xml));
    expect(en16931).toEqual(expect.arrayContaining(['BR-CO-15 (fatal)', 'BR-CO-16 (fatal)']));
  });

  it('an unknown document type code: BR-CL-01 (EN 16931) and the French type list (BR-FR-04)', async () => {
    const xml = (await renderFacturXXml(fixtures.invoice)).replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>999</ram:TypeCode>',
    );
    const report = await schematronReport(xml);
    expect(ruleIds(report).en16931).toContain('BR-CL-01 (fatal)');
    expect(report.brFr.map((rule) => rule.id)).toContain('BR-FR-04_BT-3');
  });

  it('a unit code outside the code list: the Factur-X rules read their code list beside the SEF', async () => {
    const xml = (await renderFacturXXml(fixtures.invoice)).replace('unitCode="KGM"', 'unitCode="XX9"');
    const report = await schematronReport(xml);
    // The Factur-X set flags none of its rules: each is an error (Schematron's default).
    expect(report.facturX.filter(isBroken).length).toBeGreaterThan(0);
    expect(report.facturX.every((rule) => rule.flag === 'error')).toBe(true);
    expect(report.facturX.map((rule) => rule.text).join(' ')).toContain("'@unitCode' is not allowed");
  });

  it('an intra-community supply with no delivery date: BR-IC-11 (EN 16931)', async () => {
    const xml = (await renderFacturXXml(fixtures.intraCommunitySupply)).replace(
      /<ram:ActualDeliverySupplyChainEvent>[\s\S]*?<\/ram:ActualDeliverySupplyChainEvent>/,
      '',
    );
    expect(ruleIds(await schematronReport(xml)).en16931).toContain('BR-IC-11 (fatal)');
  });

  it('an exempt breakdown with no reason, or a seller VAT number on an operation not subject to VAT: BR-E-10, BR-O-02', async () => {
    const exempt = (await renderFacturXXml(fixtures.franchise))
      .replace(/<ram:ExemptionReason>[^<]*<\/ram:ExemptionReason>/, '')
      .replace(/<ram:ExemptionReasonCode>[^<]*<\/ram:ExemptionReasonCode>/, '');
    expect(ruleIds(await schematronReport(exempt)).en16931).toContain('BR-E-10 (fatal)');
    const notSubject = (await renderFacturXXml(fixtures.notSubject)).replace(
      '</ram:PostalTradeAddress>',
      '</ram:PostalTradeAddress><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR44732829320</ram:ID></ram:SpecifiedTaxRegistration>',
    );
    expect(ruleIds(await schematronReport(notSubject)).en16931).toContain('BR-O-02 (fatal)');
  });

  it('a credit note with no payment terms while it credits an amount: BR-CO-25 (Factur-X)', async () => {
    const xml = (await renderFacturXXml(fixtures.creditNote)).replace(
      /<ram:SpecifiedTradePaymentTerms>[\s\S]*?<\/ram:SpecifiedTradePaymentTerms>/,
      '',
    );
    const report = await schematronReport(xml);
    expect(report.facturX.map((rule) => rule.text).join(' ')).toContain('[BR-CO-25]');
  });
});
