import type { DocumentModel } from '@comptoir/documents';
import { renderDocument } from '@comptoir/documents/render';
import { prepareRuleSets, RULE_SETS } from '@comptoir/einvoice-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeCdar } from '../src/cdar.ts';
import { type LocalPlatform, ruleSetValidator } from '../src/index.ts';
import { sampleFacturX } from '../src/samples.ts';
import { platform, sha256, submitRaw, token } from './harness.ts';

// The local platform's rule-set validator: the official rule sets (@comptoir/einvoice-rules) on
// what we send, as an approved platform runs them before depositing an invoice. Each document
// costs 0.2 to 1.5 s of rule sets (and the first run compiles them): the tests are few.

beforeAll(async () => {
  await prepareRuleSets([...RULE_SETS, 'en16931Ubl']);
}, 240_000);

const platforms: LocalPlatform[] = [];
afterAll(async () => {
  await Promise.all(platforms.map((local) => local.stop()));
});

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** An invoice as core hands it to the renderer (amounts as core computed them, EN 16931). */
const invoice: DocumentModel = {
  kind: 'invoice',
  draft: false,
  number: 'INV-2026-00042',
  title: 'Café en grains',
  issuedAt: '2026-11-23T10:00:00.000Z',
  dueAt: '2026-12-23T10:00:00.000Z',
  currency: 'EUR',
  seller: {
    legalName: 'Comptoir Démo SAS',
    legalForm: 'SAS',
    shareCapital: 10000,
    rcsCity: 'Lyon',
    siren: '732829320',
    siret: '73282932000074',
    vatNumber: 'FR44732829320',
    address: { lines: ['12 rue de la Paix'], postalCode: '69002', city: 'Lyon', countryCode: 'FR' },
    iban: 'FR7630006000011234567890189',
    bic: 'AGRIFRPP',
    vatOnDebits: false,
    latePenaltyRate: 12.15,
  },
  buyer: {
    name: 'Camille Martin',
    company: 'Bistrot des Halles SARL',
    email: 'camille@bistrot-halles.test',
    address: { lines: ['4 place des Halles'], postalCode: '69001', city: 'Lyon', countryCode: 'FR' },
    siren: '552081317',
    vatNumber: 'FR03552081317',
  },
  deliveryAddress: null,
  operationCategory: 'goods',
  deliveryDate: null,
  reverseCharge: false,
  vatExemption: null,
  discountPercent: 0,
  lines: [
    {
      position: 0,
      description: 'Café en grains 1 kg',
      quantity: 10,
      unit: 'kg',
      unitPrice: 18.9,
      discountPercent: 0,
      taxRate: 5.5,
      netAmount: 189,
    },
    {
      position: 1,
      description: 'Dégustation privée',
      quantity: 2,
      unit: 'h',
      unitPrice: 45,
      discountPercent: 10,
      taxRate: 20,
      netAmount: 81,
    },
  ],
  totals: {
    subtotal: 270,
    discountAmount: 0,
    taxes: [
      { rate: 5.5, base: 189, amount: 10.4 },
      { rate: 20, base: 81, amount: 16.2 },
    ],
    taxTotal: 26.6,
    total: 296.6,
    paid: 0,
    balance: 296.6,
  },
  paymentTermsDays: 30,
  credited: null,
  quote: null,
};

describe('ruleSetValidator', () => {
  it('passes the Factur-X PDF our renderer writes, and its XML sent as CII', async () => {
    const pdf = await renderDocument(invoice, 'pdf');
    expect(await ruleSetValidator(pdf, 'Factur-X')).toEqual({ valid: true, failedRules: [] });
    const xml = await renderDocument(invoice, 'xml');
    expect(await ruleSetValidator(xml, 'CII')).toEqual({ valid: true, failedRules: [] });
  });

  it('has the platform reject (213) a total off by a cent, naming BR-CO-15 and BR-CO-16 once each', async () => {
    const xml = decode(await renderDocument(invoice, 'xml'));
    const broken = xml.replace(
      '<ram:GrandTotalAmount>296.60</ram:GrandTotalAmount>',
      '<ram:GrandTotalAmount>296.61</ram:GrandTotalAmount>',
    );
    expect(broken).not.toBe(xml);
    const local = await platform({ validate: ruleSetValidator });
    platforms.push(local);
    const file = await sampleFacturX(broken);
    const response = await submitRaw(local, await token(local), {
      file,
      fileType: 'application/pdf',
      fileName: 'INV-2026-00042.pdf',
      flowInfo: { name: 'INV-2026-00042.pdf', flowSyntax: 'Factur-X', sha256: sha256(file) },
    });
    expect(response.status).toBe(202);
    const { flowId } = (await response.json()) as { flowId: string };
    await local.idle();

    const stored = local.flow(flowId);
    expect(stored?.flow.acknowledgement.status).toBe('Error');
    // The Factur-X set repeats BR-CO-16 under an id of its own, with the same text: named once.
    expect(stored?.flow.acknowledgement.details?.map((detail) => [detail.item, detail.reasonCode])).toEqual([
      ['BR-CO-15', 'REJ_SEMAN'],
      ['BR-CO-16', 'REJ_SEMAN'],
    ]);
    expect(stored?.statuses).toHaveLength(1);
    const [rejected] = stored?.statuses ?? [];
    expect(rejected?.code).toBe(213);
    expect(rejected?.reason).toMatch(/^BR-CO-15: \[BR-CO-15\]-Invoice total amount with VAT .* BR-CO-16: /);
  });

  it('checks UBL with CEN’s UBL rules, and lifecycle messages (CDAR) for their structure', async () => {
    const ubl = `<?xml version="1.0"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>U-7</cbc:ID><cbc:IssueDate>2026-10-01</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
</Invoice>`;
    const result = await ruleSetValidator(encode(ubl), 'UBL');
    expect(result.valid).toBe(false);
    // No seller, no buyer, no line, no totals: the EN 16931 rules that ask for them, by their ids.
    expect(result.failedRules.map((rule) => rule.id)).toEqual(
      expect.arrayContaining(['BR-06', 'BR-07', 'BR-16']),
    );

    const cdar = writeCdar({
      code: 205,
      invoice: {
        number: 'INV-2026-00042',
        typeCode: '380',
        issueDate: '2026-11-23',
        seller: { siren: '732829320', name: 'Comptoir Démo SAS' },
        buyer: { siren: '552081317', name: 'Bistrot des Halles SARL' },
      },
      receivedAt: '2026-11-23T10:00:00.000Z',
      issuedAt: '2026-11-24T10:00:00.000Z',
    });
    expect(await ruleSetValidator(encode(cdar), 'CDAR')).toEqual({ valid: true, failedRules: [] });
    const notCdar = await ruleSetValidator(encode(ubl), 'CDAR');
    expect(notCdar.failedRules.map((rule) => rule.id)).toEqual(['LOCAL-ROOT']);
  });
});
