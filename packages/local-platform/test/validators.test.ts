import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readInvoiceReference, structuralValidator } from '../src/index.ts';
import { sampleCii, sampleFacturX } from '../src/samples.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const cii = (overrides: Partial<Parameters<typeof sampleCii>[0]> = {}) =>
  sampleCii({ number: 'F-2026-042', issueDate: '2026-09-30', ...overrides });

describe('structuralValidator', () => {
  it('accepts a CII invoice and a Factur-X PDF carrying it', async () => {
    expect(await structuralValidator(encode(cii()), 'CII')).toEqual({ valid: true, failedRules: [] });
    expect(await structuralValidator(await sampleFacturX(cii()), 'Factur-X')).toEqual({
      valid: true,
      failedRules: [],
    });
  });

  it('names the EN 16931 rule a CII invoice breaks', async () => {
    const result = await structuralValidator(encode(cii({ currency: null })), 'CII');
    expect(result.valid).toBe(false);
    expect(result.failedRules.map((rule) => rule.id)).toEqual(['BR-05']);
  });

  it('refuses XML that is not well-formed, or whose root is not the syntax announced', async () => {
    const broken = await structuralValidator(encode(cii().replace('</rsm:ExchangedDocument>', '')), 'CII');
    expect(broken.failedRules.map((rule) => rule.id)).toEqual(['LOCAL-XML']);
    const wrongRoot = await structuralValidator(encode(cii()), 'UBL');
    expect(wrongRoot.failedRules.map((rule) => rule.id)).toEqual(['LOCAL-ROOT']);
  });

  it('refuses as Factur-X what is not a PDF, and a PDF without factur-x.xml', async () => {
    expect((await structuralValidator(encode(cii()), 'Factur-X')).failedRules[0]?.id).toBe('LOCAL-PDF');
    const bare = await PDFDocument.create();
    bare.addPage();
    expect((await structuralValidator(await bare.save(), 'Factur-X')).failedRules[0]?.id).toBe(
      'LOCAL-FX-XML',
    );
    const misnamed = await sampleFacturX(cii(), { attachmentName: 'invoice.xml' });
    expect((await structuralValidator(misnamed, 'Factur-X')).failedRules[0]?.id).toBe('LOCAL-FX-XML');
    const truncated = (await sampleFacturX(cii())).subarray(0, 400);
    expect((await structuralValidator(truncated, 'Factur-X')).valid).toBe(false);
  });
});

describe('readInvoiceReference', () => {
  it('reads the number, date, type and parties of a CII invoice and of the one inside a Factur-X', async () => {
    const expected = {
      number: 'F-2026-042',
      typeCode: '381',
      issueDate: '2026-09-30',
      seller: { siren: '100000009', name: 'Vendeur SARL' },
      buyer: { siren: '200000008', name: 'Acheteur SAS' },
    };
    expect(await readInvoiceReference(encode(cii({ typeCode: '381' })), 'CII')).toEqual(expected);
    expect(await readInvoiceReference(await sampleFacturX(cii({ typeCode: '381' })), 'Factur-X')).toEqual(
      expected,
    );
  });

  it('reads a UBL invoice', async () => {
    const ubl = `<?xml version="1.0"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>U-7</cbc:ID><cbc:IssueDate>2026-10-01</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
<cac:AccountingSupplierParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Vendeur</cbc:RegistrationName><cbc:CompanyID schemeID="0002">100000009</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
<cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Acheteur</cbc:RegistrationName><cbc:CompanyID schemeID="0009">20000000800015</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
</Invoice>`;
    expect(await readInvoiceReference(encode(ubl), 'UBL')).toEqual({
      number: 'U-7',
      typeCode: '380',
      issueDate: '2026-10-01',
      seller: { siren: '100000009', name: 'Vendeur' },
      buyer: { siren: '200000008', name: 'Acheteur' },
    });
    expect((await structuralValidator(encode(ubl), 'UBL')).valid).toBe(true);
  });

  it('gives null for what cannot be read as an invoice', async () => {
    expect(await readInvoiceReference(encode('<a/>'), 'CII')).toBeNull();
    expect(await readInvoiceReference(encode('not xml <'), 'CII')).toBeNull();
    expect(await readInvoiceReference(encode('%PDF-1.7 garbage'), 'Factur-X')).toBeNull();
  });
});
