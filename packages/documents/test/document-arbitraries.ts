import { fc } from '@fast-check/vitest';
import { calendarDate } from '../src/dates.ts';
import type { Buyer, DocumentModel, Seller, VatExemption } from '../src/model.ts';
import { documentLines, en16931Totals, type GeneratedLine } from './en16931-amounts.ts';
import * as fixtures from './fixtures.ts';

// Issued invoices and credit notes of every shape core lets through (packages/core: an invoice
// is sent only when missingDocumentFields finds nothing; a credit note mirrors the unpaid invoice
// it cancels, with no due date), built from the fixtures' parties and the EN 16931 amounts of
// generated lines. Every generated model is one the renderer must turn into a valid e-invoice.

/** Free text as core stores it: anything but U+0000 and unpaired surrogates, up to 500 long. */
const storedText = (maxLength: number) =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: 40 }) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength }) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'Café « crème » & <thé>',
          'Tasse ☕ 🎉 漢',
          'Contrôle\u0001\u000b\u001f\ufffe fin',
          'x'.repeat(maxLength),
        ),
      },
    )
    .map((text) => text.replaceAll('\u0000', '').toWellFormed())
    .filter((text) => text.trim() !== '');

/** Rates in force in France (mainland, Corsica, overseas), and a rate with 4 decimals. */
const vatRate = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(20, 10, 5.5, 2.1, 0) },
  { weight: 1, arbitrary: fc.constantFrom(8.5, 13, 0.9, 1.05, 1.75) },
);

const line: fc.Arbitrary<GeneratedLine & { description: string; unit: string | null }> = fc.record({
  quantity: fc.integer({ min: 1, max: 500_000 }).map((units) => units / 10_000),
  unitPrice: fc.integer({ min: 0, max: 20_000_000 }).map((units) => units / 10_000),
  discountPercent: fc.oneof(
    fc.constant(0),
    fc.integer({ min: 1, max: 10_000 }).map((units) => units / 100),
  ),
  taxRate: vatRate,
  description: storedText(500),
  unit: fc.constantFrom(null, 'h', 'kg', 'pièce', 'jour', 'm²', 'forfait'),
});

const frenchCompany: Buyer = fixtures.invoice.buyer;
const buyers: Record<string, Buyer> = {
  frenchCompany,
  frenchCompanyWithoutVat: { ...frenchCompany, vatNumber: null },
  frenchPerson: { ...frenchCompany, company: null, siren: null, vatNumber: null, name: 'Léa Petit' },
  euCompany: fixtures.reverseCharge.buyer,
  foreignPerson: fixtures.foreignBuyer.buyer,
  swissCompany: {
    name: 'Urs Meier',
    company: 'Meier AG',
    email: 'urs@meier.test',
    address: {
      lines: ['Bahnhofstrasse 1', 'Postfach'],
      postalCode: '8001',
      city: 'Zürich',
      countryCode: 'CH',
    },
    siren: null,
    vatNumber: 'CHE123456789',
  },
};

const sellerVariant: fc.Arbitrary<Seller> = fc
  .record({
    siret: fc.boolean(),
    iban: fc.boolean(),
    bic: fc.boolean(),
    legalForm: fc.boolean(),
    latePenaltyRate: fc.constantFrom(null, 12.15, 10),
    vatOnDebits: fc.boolean(),
  })
  .map((choice) => ({
    ...fixtures.seller,
    siret: choice.siret ? fixtures.seller.siret : null,
    iban: choice.iban ? fixtures.seller.iban : null,
    bic: choice.iban && choice.bic ? fixtures.seller.bic : null,
    legalForm: choice.legalForm ? fixtures.seller.legalForm : null,
    shareCapital: choice.legalForm ? fixtures.seller.shareCapital : null,
    rcsCity: choice.legalForm ? fixtures.seller.rcsCity : null,
    latePenaltyRate: choice.latePenaltyRate,
    vatOnDebits: choice.vatOnDebits,
  }));

const day = 86_400_000;

/**
 * How the VAT is stated: as charged (S, or Z at 0 %), under reverse charge, or exempt for one of
 * core's reasons (then every line is at 0 %, as core requires).
 */
const vatTreatment = fc.constantFrom<'charged' | 'reverseCharge' | keyof typeof fixtures.exemptions>(
  'charged',
  'charged',
  'charged',
  'reverseCharge',
  'franchise',
  'article261',
  'export',
  'intraCommunity',
  'notSubject',
);

/** Core's rule (invoices/vat-treatment.ts): goods under reverse charge to another EU state are K. */
const otherEuStates = new Set(['DE', 'BE', 'ES', 'IT', 'NL']);

/** `YYYY-MM-DD`: the Paris date of an instant. */
function parisDay(instant: number): string {
  const { year, month, day: date } = calendarDate(new Date(instant).toISOString());
  return `${year}-${String(month).padStart(2, '0')}-${String(date).padStart(2, '0')}`;
}

export const issuedDocument: fc.Arbitrary<DocumentModel> = fc
  .record({
    creditNote: fc.boolean(),
    lines: fc.array(line, { minLength: 1, maxLength: 8 }),
    discountPercent: fc.oneof(
      fc.constant(0),
      fc.integer({ min: 1, max: 5_000 }).map((units) => units / 100),
    ),
    vat: vatTreatment,
    // Days from the issue date to the delivery date (0: the same day), or none stated.
    deliveryOffset: fc.option(fc.integer({ min: -40, max: 10 }), { nil: null }),
    paidShare: fc.constantFrom(0, 0.3, 1),
    buyer: fc.constantFrom(...Object.keys(buyers)),
    seller: sellerVariant,
    title: storedText(200),
    deliveryAddress: fc.option(fc.constant('Entrepôt Nord\n3 rue des Docks\n69007 Lyon'), { nil: null }),
    operationCategory: fc.constantFrom('goods', 'services', 'mixed'),
    currency: fc.constantFrom('EUR', 'EUR', 'EUR', 'USD', 'CHF'),
    paymentTermsDays: fc.constantFrom(0, 30, 45),
    issuedAt: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) }),
  })
  .map((drawn): DocumentModel => {
    let buyer = buyers[drawn.buyer] ?? frenchCompany;
    const reverseCharge = drawn.vat === 'reverseCharge';
    let vatExemption: VatExemption | null =
      drawn.vat === 'charged' || drawn.vat === 'reverseCharge' ? null : fixtures.exemptions[drawn.vat];
    // Core sends a reverse-charge invoice only with the buyer's VAT number, and an intra-community
    // supply only to a buyer in another EU state with one.
    if ((reverseCharge || drawn.vat === 'intraCommunity') && buyer.vatNumber === null) {
      buyer = fixtures.reverseCharge.buyer;
    }
    if (drawn.vat === 'intraCommunity' && !otherEuStates.has(buyer.address.countryCode)) {
      buyer = fixtures.reverseCharge.buyer;
    }
    if (
      reverseCharge &&
      drawn.operationCategory === 'goods' &&
      otherEuStates.has(buyer.address.countryCode)
    ) {
      vatExemption = fixtures.exemptions.intraCommunity;
    }
    // An exemption covers every line: each is at 0 % (core refuses any other rate).
    const generatedLines =
      drawn.vat === 'charged' || reverseCharge
        ? drawn.lines
        : drawn.lines.map((generated) => ({ ...generated, taxRate: 0 }));
    const totals = en16931Totals(generatedLines, {
      discountPercent: drawn.discountPercent,
      reverseCharge,
      // A credit note cancels an invoice with no payment (rulings "Lifecycles").
      paidShare: drawn.creditNote ? 0 : drawn.paidShare,
    });
    const lines = documentLines(generatedLines).map((generated, index) => ({
      ...generated,
      description: drawn.lines[index]?.description ?? generated.description,
      unit: drawn.lines[index]?.unit ?? null,
    }));
    const issuedAt = new Date(drawn.issuedAt).toISOString();
    // Core sends an intra-community supply only with its delivery date.
    const deliveryOffset = drawn.deliveryOffset ?? (vatExemption?.category === 'K' ? -2 : null);
    return {
      ...fixtures.invoice,
      kind: drawn.creditNote ? 'credit_note' : 'invoice',
      number: drawn.creditNote ? 'AV-2026-00007' : 'INV-2026-00042',
      title: drawn.title,
      issuedAt,
      dueAt: drawn.creditNote ? null : new Date(drawn.issuedAt + drawn.paymentTermsDays * day).toISOString(),
      currency: drawn.currency,
      // Core also sends a document with only 0 % lines from a seller with no VAT number, which
      // no valid EN 16931 document can carry (cii.test.ts, "what it refuses"): not generated.
      seller: drawn.seller,
      buyer,
      deliveryAddress: drawn.deliveryAddress,
      operationCategory: drawn.operationCategory,
      deliveryDate: deliveryOffset === null ? null : parisDay(drawn.issuedAt + deliveryOffset * day),
      reverseCharge,
      vatExemption,
      discountPercent: drawn.discountPercent,
      lines,
      totals,
      paymentTermsDays: drawn.paymentTermsDays,
      credited: drawn.creditNote
        ? { number: 'INV-2026-00041', issuedAt: new Date(drawn.issuedAt - 3 * day).toISOString() }
        : null,
    };
  });
