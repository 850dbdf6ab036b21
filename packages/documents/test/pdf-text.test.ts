import { describe, expect, test } from 'vitest';
import type { DocumentLine, DocumentModel } from '../src/model.ts';
import { renderPdf } from '../src/pdf.ts';
import {
  creditNote,
  deliveredEarlier,
  documentDiscount,
  draftInvoice,
  exportOutsideEu,
  foreignBuyer,
  franchise,
  hundredLines,
  intraCommunitySupply,
  invoice,
  notSubject,
  quote,
  reverseCharge,
  vatOnDebits,
  zeroRateLine,
} from './fixtures.ts';
import { pageTexts } from './pdf-inspect.ts';

// The mentions a French B2B invoice must show, read back as a reader extracts them (PDF.js
// through unpdf). Expected strings are written from the fixtures' values in French notation
// (whitespace, including no-break spaces, compared as single spaces).

async function textOf(model: DocumentModel): Promise<string> {
  return (await pageTexts(await renderPdf(model, {}))).join(' ');
}

function expectAll(text: string, mentions: string[]): void {
  for (const mention of mentions) expect(text, mention).toContain(mention);
}

const sellerIdentity = [
  'Comptoir Démo SAS',
  '12 rue de la Paix',
  '69002 Lyon',
  'SIREN : 732829320',
  'SIRET : 73282932000074',
  'FR44732829320',
  'SAS au capital de 10 000,00 €',
  'RCS Lyon',
];
const frenchBuyer = [
  'Bistrot des Halles SARL',
  'Camille Martin',
  '4 place des Halles',
  '69001 Lyon France',
  'SIREN : 552081317',
  'FR03552081317',
];
const twoLines = [
  'Café en grains 1 kg 10 kg 18,90 € 5,5 % 189,00 €',
  'Dégustation privée 2 h 45,00 € 10 % 20 % 81,00 €',
];
const paymentTerms = [
  "Date d'échéance : 23/12/2026",
  'Conditions de paiement : 30 jours',
  "Pas d'escompte pour paiement anticipé",
  'Pénalités de retard : 12,15 % par an',
  'Indemnité forfaitaire pour frais de recouvrement : 40 €',
  'IBAN : FR76 3000 6000 0112 3456 7890 189',
  'BIC : AGRIFRPP',
];

describe('the mandatory mentions, as extracted text', () => {
  test('invoice: number, dates, both parties, category, lines, totals per rate, paid and due, payment terms', async () => {
    const text = await textOf(invoice);
    expectAll(text, [
      'Facture n° INV-2026-00042',
      "Date d'émission : 23/11/2026",
      ...sellerIdentity,
      ...frenchBuyer,
      "Nature de l'opération : Livraison de biens",
      ...twoLines,
      'Total HT 270,00 €',
      'TVA 5,5 % sur 189,00 € 10,40 €',
      'TVA 20 % sur 81,00 € 16,20 €',
      'Total TVA 26,60 €',
      'Total TTC 296,60 €',
      'Déjà réglé 50,00 €',
      'Net à payer 246,60 €',
      ...paymentTerms,
    ]);
    for (const absent of [
      'BROUILLON',
      'Autoliquidation',
      'TVA non applicable',
      "d'après les débits",
      'Adresse de livraison',
    ]) {
      expect(text).not.toContain(absent);
    }
  });

  test('credit note: "Avoir", naming the credited invoice with its date', async () => {
    const text = await textOf(creditNote);
    expectAll(text, [
      'Avoir n° AV-2026-00001',
      "Date d'émission : 23/11/2026",
      'Avoir relatif à la facture n° INV-2026-00042 du 20/11/2026',
      ...sellerIdentity,
      ...frenchBuyer,
      ...twoLines,
      'Total TTC 296,60 €',
      'Aucun paiement : avoir à imputer sur la facture n° INV-2026-00042.',
      "Pas d'escompte pour paiement anticipé",
      'Pénalités de retard : 12,15 % par an',
      'Indemnité forfaitaire pour frais de recouvrement : 40 €',
    ]);
    for (const absent of ['Facture n°', "Date d'échéance", 'Conditions de paiement', 'IBAN', 'Net à payer']) {
      expect(text).not.toContain(absent);
    }
  });

  test('reverse charge: the "Autoliquidation" mention, no VAT charged, the foreign buyer and its VAT number', async () => {
    const text = await textOf(reverseCharge);
    expectAll(text, [
      'Autoliquidation',
      'TVA due par le preneur, article 283-2 du CGI',
      'Vogel GmbH',
      'Lena Vogel',
      'Hauptstraße 5',
      '10115 Berlin Allemagne',
      'N° TVA intracommunautaire : DE123456789',
      "Nature de l'opération : Prestation de services",
      'TVA (autoliquidation) 0,00 €',
      'Total TTC 270,00 €',
      ...paymentTerms,
    ]);
    expect(text).not.toContain('TVA 20 %');
  });

  test('a 0 % line beside other rates: its rate and base are shown, no exemption mention', async () => {
    const text = await textOf(zeroRateLine);
    expectAll(text, ['TVA 0 % sur 12,50 € 0,00 €', 'TVA 5,5 % sur 189,00 €', 'Total TTC 309,10 €']);
    expectAll(text, ["Nature de l'opération : Livraison de biens et prestation de services"]);
    expect(text).not.toContain('TVA non applicable');
  });

  test('no VAT at any rate without reverse charge: "TVA non applicable"', async () => {
    const exempt: DocumentModel = {
      ...foreignBuyer,
      lines: foreignBuyer.lines.map((line) => ({ ...line, taxRate: 0 })),
      totals: {
        ...foreignBuyer.totals,
        taxes: [{ rate: 0, base: 270, amount: 0 }],
        taxTotal: 0,
        total: 270,
        balance: 270,
      },
    };
    expectAll(await textOf(exempt), ['TVA non applicable, article 293 B du CGI', 'Total TTC 270,00 €']);
  });

  test('document discount: the discount and the VAT per rate on the discounted bases', async () => {
    expectAll(await textOf(documentDiscount), [
      'Total HT avant remise 270,00 €',
      'Remise 12,5 % -33,76 €',
      'TVA 5,5 % sur 165,37 € 9,10 €',
      'TVA 20 % sur 70,87 € 14,17 €',
      'Total TVA 23,27 €',
      'Total TTC 259,51 €',
      'Net à payer 259,51 €',
    ]);
  });

  test('foreign buyer without SIREN or VAT number: a person, a foreign address, no buyer identifiers', async () => {
    const text = await textOf(foreignBuyer);
    expectAll(text, [
      'Sam Carter',
      '1 Main Street',
      '10001 New York États-Unis',
      ...sellerIdentity,
      ...paymentTerms,
    ]);
    expect(text.match(/SIREN :/g)).toHaveLength(1);
    expect(text.match(/N° TVA intracommunautaire :/g)).toHaveLength(1);
  });

  test('VAT on debits: the option is stated', async () => {
    expectAll(await textOf(vatOnDebits), [
      "Option pour le paiement de la TVA d'après les débits",
      ...paymentTerms,
    ]);
  });

  test('characters the embedded font lacks print as U+FFFD (PDF/A forbids .notdef); the others as given', async () => {
    const text = await textOf({
      ...invoice,
      lines: [{ ...(invoice.lines[0] as DocumentLine), description: 'Tasse ☕ «\tÉté» 🎉 漢' }],
    });
    expect(text).toContain('Tasse ☕ « Été» \ufffd \ufffd');
    expect(text).not.toMatch(/🎉|漢/u);
  });

  test('an exemption: its mention (BT-120) where a 0 % invoice would say "293 B", the lines at 0 %', async () => {
    expectAll(await textOf(franchise), [
      'TVA non applicable, art. 293 B du CGI',
      'TVA 0 % sur 270,00 € 0,00 €',
      'Total TTC 270,00 €',
    ]);
    const exported = await textOf(exportOutsideEu);
    expectAll(exported, ['Exonération de TVA, article 262 I du CGI', 'Carter Imports Inc.']);
    expect(exported).not.toContain('293 B');
    expectAll(await textOf(notSubject), [
      'Opération non soumise à la TVA',
      // The XML leaves the VAT numbers out (BR-O-02); the PDF keeps the seller's mention.
      'N° TVA intracommunautaire : FR44732829320',
    ]);
  });

  test('the delivery date when it differs from the issue date, named for goods, services or both', async () => {
    expectAll(await textOf(deliveredEarlier), ['Date de livraison : 20/11/2026']);
    expectAll(await textOf({ ...deliveredEarlier, operationCategory: 'services' }), [
      'Date d’exécution de la prestation : 20/11/2026',
    ]);
    expectAll(await textOf({ ...deliveredEarlier, operationCategory: 'mixed' }), [
      'Date de livraison ou d’exécution de la prestation : 20/11/2026',
    ]);
    // Issued on 23/11/2026 in Paris: a delivery that day needs no date of its own.
    const sameDay = await textOf({ ...deliveredEarlier, deliveryDate: '2026-11-23' });
    expect(sameDay).not.toContain('Date de livraison');
  });

  test('an intra-community supply of goods: the exemption of article 262 ter I and its delivery date', async () => {
    expectAll(await textOf(intraCommunitySupply), [
      'Livraison intracommunautaire : exonération de TVA, article 262 ter I du CGI.',
      'Date de livraison : 20/11/2026',
      'N° TVA intracommunautaire : DE123456789',
    ]);
  });

  test('a delivery address, when set, is shown', async () => {
    const delivered = { ...invoice, deliveryAddress: 'Entrepôt Nord\n3 rue des Docks\n69007 Lyon' };
    expectAll(await textOf(delivered), ['Adresse de livraison Entrepôt Nord 3 rue des Docks 69007 Lyon']);
  });
});

describe('pages', () => {
  test('100 lines: several pages, each with the header, the table headings and "Page n / N"; every line present', async () => {
    const pages = await pageTexts(await renderPdf(hundredLines, {}));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expectAll(page, [
        'Comptoir Démo SAS',
        'Facture n° INV-2026-00042',
        "Date d'émission : 23/11/2026",
        'Désignation Qté Unité PU HT Remise TVA Total HT',
        `Page ${index + 1} / ${pages.length}`,
      ]);
    });
    const text = pages.join(' ');
    for (const line of hundredLines.lines) expect(text).toContain(`${line.description} `);
    expectAll(pages.at(-1) ?? '', ['Total HT 8 530,56 €', 'Total TTC 9 629,44 €', 'Net à payer 9 629,44 €']);
  });

  test('a draft is marked "BROUILLON — draft, not an invoice" on every page', async () => {
    for (const model of [draftInvoice, { ...hundredLines, draft: true, issuedAt: null }]) {
      const pages = await pageTexts(await renderPdf(model, {}));
      for (const page of pages) expect(page).toContain('BROUILLON — draft, not an invoice');
      expect(pages.join(' ')).not.toContain("Date d'émission");
    }
  });

  test('a quote: "Devis" with its number, validity date and a "Bon pour accord" block; no payment demand', async () => {
    const text = await textOf(quote);
    expectAll(text, [
      'Devis n° QUO-2026-00003',
      "Valable jusqu'au 23/12/2026",
      ...sellerIdentity,
      ...frenchBuyer,
      ...twoLines,
      'Total TTC 296,60 €',
      'Bon pour accord',
      'Date :',
      'Signature',
    ]);
    expect(text).not.toContain('Net à payer');
    expect(text).not.toContain('BROUILLON');
  });

  test('an unsent quote has no number yet and is marked as a draft', async () => {
    const text = await textOf({ ...quote, draft: true, number: null, issuedAt: null });
    expectAll(text, ['Devis', 'BROUILLON', 'Bon pour accord']);
    expect(text).not.toContain('Devis n°');
  });
});
