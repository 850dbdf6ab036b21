import { test as propertyTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { renderFacturXXml } from '../src/cii.ts';
import type { DocumentModel } from '../src/model.ts';
import { renderPdf } from '../src/pdf.ts';
import { issuedDocument } from './document-arbitraries.ts';
import * as fixtures from './fixtures.ts';
import { pageTexts } from './pdf-inspect.ts';
import { xpath } from './xml-tools.ts';

// Issue 32: an e-invoice is two views of one document, the CII XML a machine reads and the PDF
// a person reads; what one says about payment the other must say too. Each side is read with
// tools we did not write (xmllint's XPath, PDF.js's text), and compared in both directions.

const spaces = (text: string) => text.replace(/\s+/g, ' ').trim();

/** What the XML says about paying: BT-9, BT-84 (IBAN), BT-20, and the payment notes (BT-22). */
async function xmlPayment(xml: string) {
  const terms = '//ram:SpecifiedTradePaymentTerms';
  const dueDates = await xpath(xml, `${terms}/ram:DueDateDateTime/udt:DateTimeString/text()`);
  return {
    dueDates: dueDates.map((date) => `${date.slice(6, 8)}/${date.slice(4, 6)}/${date.slice(0, 4)}`),
    ibans: await xpath(xml, '//ram:PayeePartyCreditorFinancialAccount/ram:IBANID/text()'),
    terms: (await xpath(xml, `${terms}/ram:Description/text()`)).map(spaces),
    notes: (
      await xpath(
        xml,
        "//ram:IncludedNote[ram:SubjectCode='AAB' or ram:SubjectCode='PMD' or ram:SubjectCode='PMT']/ram:Content/text()",
      )
    ).map(spaces),
    due: await xpath(
      xml,
      '//ram:SpecifiedTradeSettlementHeaderMonetarySummation/ram:DuePayableAmount/text()',
    ),
  };
}

/** A text's sentences (BT-20 holds several): each must be printed, wherever the PDF wraps it. */
const sentences = (text: string) => text.split(/(?<=\.)\s+/).filter((sentence) => sentence !== '');

async function expectAgreement(model: DocumentModel): Promise<void> {
  const xml = await renderFacturXXml(model);
  const pdf = spaces((await pageTexts(await renderPdf(model, { facturXXml: xml }))).join(' '));
  const compact = pdf.replace(/\s/g, '');
  const said = await xmlPayment(xml);

  // XML -> PDF: every date, account, term and payment mention the XML carries is printed.
  for (const date of said.dueDates) expect(pdf).toContain(`Date d'échéance : ${date}`);
  for (const iban of said.ibans) expect(compact).toContain(`IBAN:${iban}`);
  for (const text of [...said.terms, ...said.notes]) {
    for (const sentence of sentences(text)) expect(pdf, `BT-20 / BT-22: ${sentence}`).toContain(sentence);
  }
  // PDF -> XML: what the PDF asks of the buyer is in the XML too.
  if (pdf.includes("Date d'échéance")) expect(said.dueDates).toHaveLength(1);
  if (pdf.includes('IBAN')) expect(said.ibans).toHaveLength(1);
  if (pdf.includes('Conditions de paiement'))
    expect(said.terms.join(' ')).toContain('Conditions de paiement');
  if (pdf.includes('Net à payer')) {
    const [amount = ''] = said.due;
    expect(compact).toContain(`Netàpayer${amount.replace('.', ',')}`);
  }
}

/** What the XML says of VAT and delivery: BT-120 per VAT breakdown, and BT-72 as the PDF writes dates. */
async function xmlVatAndDelivery(xml: string) {
  const delivered = await xpath(
    xml,
    '//ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString/text()',
  );
  return {
    reasons: await xpath(
      xml,
      '//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax/ram:ExemptionReason/text()',
    ),
    deliveryDates: delivered.map((date) => `${date.slice(6, 8)}/${date.slice(4, 6)}/${date.slice(0, 4)}`),
  };
}

async function expectVatAgreement(model: DocumentModel): Promise<void> {
  const xml = await renderFacturXXml(model);
  const pdf = spaces((await pageTexts(await renderPdf(model, { facturXXml: xml }))).join(' '));
  const said = await xmlVatAndDelivery(xml);
  // XML -> PDF: why no VAT is charged, in the same words (the PDF may start a sentence with them).
  for (const reason of said.reasons) expect(pdf.toLowerCase()).toContain(reason.toLowerCase());
  for (const date of said.deliveryDates) expect(pdf).toMatch(new RegExp(`(livraison|prestation) : ${date}`));
  // PDF -> XML: a delivery date printed is in the XML too.
  const printed = /(Date de livraison|Date d’exécution)[^:]* : (\d\d\/\d\d\/\d{4})/.exec(pdf);
  expect(said.deliveryDates).toEqual(printed ? [printed[2]] : []);
}

describe('the XML and the PDF of an issued document say the same about VAT and delivery (issue 34)', () => {
  it.each(Object.entries(fixtures.issuedCases))('%s', async (_, model) => {
    await expectVatAgreement(model);
  });

  propertyTest.prop([issuedDocument], { numRuns: 10 })(
    'generated invoices and credit notes (exemptions, reverse charge, delivery dates)',
    async (model) => {
      await expectVatAgreement(model);
    },
  );
});

describe('the XML and the PDF of an issued document say the same about payment (issue 32)', () => {
  it.each(Object.entries(fixtures.issuedCases))('%s', async (_, model) => {
    await expectAgreement(model);
  });

  it('a credit note asks for no payment: no due date, no account to pay into, in either view', async () => {
    const xml = await renderFacturXXml(fixtures.creditNote);
    const said = await xmlPayment(xml);
    expect(said.dueDates).toEqual([]);
    expect(said.ibans).toEqual([]);
    expect(await xpath(xml, '//ram:SpecifiedTradeSettlementPaymentMeans')).toEqual([]);
    // BT-115 stays the credit note's total (BR-CO-16); its terms say how it is settled (BR-CO-25).
    expect(said.due).toEqual(['296.60']);
    expect(said.terms).toEqual(['Aucun paiement : avoir à imputer sur la facture n° INV-2026-00042.']);
    const pdf = spaces(
      (await pageTexts(await renderPdf(fixtures.creditNote, { facturXXml: xml }))).join(' '),
    );
    for (const absent of ["Date d'échéance", 'IBAN', 'Conditions de paiement', 'Net à payer']) {
      expect(pdf).not.toContain(absent);
    }
    expect(pdf).toContain('Aucun paiement : avoir à imputer sur la facture n° INV-2026-00042.');
  });

  propertyTest.prop([issuedDocument], { numRuns: 15 })(
    'generated invoices and credit notes (terms of 0 days, no IBAN, no penalty rate...)',
    async (model) => {
      await expectAgreement(model);
    },
  );

  it('the same, without the seller’s late-penalty rate (the legal default is stated in both)', async () => {
    await expectAgreement({ ...fixtures.invoice, seller: { ...fixtures.seller, latePenaltyRate: null } });
    await expectAgreement({ ...fixtures.creditNote, seller: { ...fixtures.seller, iban: null } });
  });
});
