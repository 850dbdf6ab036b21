import { renderDocument } from '@comptoir/documents/render';
import { sampleCii, sampleFacturX } from '@comptoir/local-platform/samples';
import { fc, test as propertyTest } from '@fast-check/vitest';
import { FacturX } from 'factur-x-kit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  type ParsedInvoice,
  type ReadSupplierInvoice,
  readSupplierInvoice,
  type UnreadableSupplierInvoice,
} from '../../src/index.ts';
import { amountsOf, buyer, documentModel, eInvoiceEu, type MadeInvoice, madeInvoice } from './documents.ts';

// readSupplierInvoice reads back, to the cent and the digit, the invoices other writers made from
// chosen amounts: our renderer's Factur-X PDF and CII, E-Invoice-EU's UBL 2.1 and CII. What is not
// an invoice it can read is `unreadable` with a reason, and nothing makes it throw.

const encode = (text: string) => new TextEncoder().encode(text);

function readable(result: ReadSupplierInvoice | UnreadableSupplierInvoice): ReadSupplierInvoice {
  if ('unreadable' in result) throw new Error(`unreadable: ${result.unreadable}`);
  return result;
}

/** What every writer must agree on: the amounts, the parties, the lines as made. */
function expectMadeFrom(invoice: ParsedInvoice, made: MadeInvoice, options: { itemIds: boolean }) {
  const amounts = amountsOf(made.lines);
  expect(invoice.number).toBe(made.number);
  expect(invoice.typeCode).toBe('380');
  expect(invoice.creditNote).toBe(false);
  expect(invoice.issueDate).toBe(made.issueDate);
  expect(invoice.dueDate).toBe(made.dueDate);
  expect(invoice.currency).toBe('EUR');
  expect(invoice.seller).toMatchObject({
    name: made.seller.name,
    siren: made.seller.siren,
    vatNumber: made.seller.vatNumber,
  });
  expect(invoice.buyer).toMatchObject({ siren: buyer.siren, vatNumber: buyer.vatNumber });
  expect(invoice.iban).toBe(made.seller.iban);
  expect(
    invoice.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      netAmount: line.netAmount,
    })),
  ).toEqual(
    made.lines.map((line, index) => ({
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      taxRate: line.taxRate,
      netAmount: amounts.lineNets[index],
    })),
  );
  if (options.itemIds) {
    expect(invoice.lines.map((line) => [line.sellerItemId, line.standardItemId])).toEqual(
      made.lines.map((line) => [line.sellerItemId, line.gtin]),
    );
  }
  expect(invoice.vatBreakdown.map((tax) => ({ rate: tax.rate, base: tax.base, amount: tax.amount }))).toEqual(
    amounts.taxes,
  );
  expect(invoice.totals).toMatchObject({
    lineTotal: amounts.lineTotal,
    taxExclusive: amounts.lineTotal,
    taxTotal: amounts.taxTotal,
    taxInclusive: amounts.total,
    payable: amounts.total,
  });
}

describe('invoices written by our renderer (packages/documents)', () => {
  propertyTest.prop([madeInvoice], { numRuns: 12 })(
    'a Factur-X PDF reads back (format factur-x) to the amounts it was made from',
    async (made) => {
      const pdf = await renderDocument(documentModel(made), 'pdf');
      const read = readable(await readSupplierInvoice(pdf, 'application/pdf'));
      expect(read.format).toBe('factur-x');
      expect(read.mediaType).toBe('application/pdf');
      expectMadeFrom(read.invoice, made, { itemIds: false });
      expect(read.invoice.paymentTerms).toContain('30 jours');
    },
  );

  propertyTest.prop([madeInvoice], { numRuns: 20 })(
    'its CII reads back (format cii) to the same amounts, as factur-x-kit reads them too',
    async (made) => {
      const xml = new TextDecoder().decode(await renderDocument(documentModel(made), 'xml'));
      const read = readable(await readSupplierInvoice(encode(xml)));
      expect(read.format).toBe('cii');
      expect(read.xml).toBe(xml);
      expectMadeFrom(read.invoice, made, { itemIds: false });
      // A reader we did not write agrees on the totals.
      const kit = (await FacturX.fromXML(xml)).object as {
        totals: { grossTotal: number; openAmount: number };
      };
      expect(Number(read.invoice.totals.taxInclusive)).toBe(kit.totals.grossTotal);
      expect(Number(read.invoice.totals.payable)).toBe(kit.totals.openAmount);
    },
  );
});

describe('invoices written by E-Invoice-EU (@e-invoice-eu/core)', () => {
  propertyTest.prop([madeInvoice], { numRuns: 15 })(
    'its UBL 2.1 and its CII of the same data read back to the amounts they were made from, alike',
    async (made) => {
      const ubl = readable(await readSupplierInvoice(encode(await eInvoiceEu(made, 'UBL'))));
      const cii = readable(await readSupplierInvoice(encode(await eInvoiceEu(made, 'CII'))));
      expect([ubl.format, cii.format]).toEqual(['ubl', 'cii']);
      expectMadeFrom(ubl.invoice, made, { itemIds: true });
      expectMadeFrom(cii.invoice, made, { itemIds: true });
      expect(ubl.invoice).toEqual(cii.invoice);
    },
  );

  it('a UBL CreditNote root is a credit note, its lines read from CreditNoteLine', async () => {
    const [made] = fc.sample(madeInvoice, { numRuns: 1, seed: 7 });
    if (!made) throw new Error('no sample');
    // UBL 2.1 spells a credit note with its own root and element names.
    const invoice = await eInvoiceEu(made, 'UBL', '381');
    const creditNote = invoice
      .replaceAll('Invoice-2', 'CreditNote-2')
      .replace(/<Invoice\b/, '<CreditNote')
      .replace('</Invoice>', '</CreditNote>')
      .replaceAll('InvoiceTypeCode', 'CreditNoteTypeCode')
      .replaceAll('cac:InvoiceLine', 'cac:CreditNoteLine')
      .replaceAll('cbc:InvoicedQuantity', 'cbc:CreditedQuantity')
      .replace(/<cbc:DueDate>[^<]*<\/cbc:DueDate>/, '');
    const read = readable(await readSupplierInvoice(encode(creditNote)));
    expect(read.format).toBe('ubl');
    expect(read.invoice).toMatchObject({ creditNote: true, typeCode: '381', number: made.number });
    expect(read.invoice.lines.map((line) => line.quantity)).toEqual(made.lines.map((line) => line.quantity));
    expect(read.invoice.totals.payable).toBe(amountsOf(made.lines).total);
  });
});

describe('what is not an invoice it can read is unreadable, with a reason, never a throw', () => {
  const unreadable = async (bytes: Uint8Array) => {
    const result = await readSupplierInvoice(bytes);
    expect(result, JSON.stringify(result).slice(0, 300)).toHaveProperty('unreadable');
    return (result as UnreadableSupplierInvoice).unreadable;
  };

  it.each([
    ['an empty file', '', /empty/],
    ['plain text', 'Facture n° 12, 120 EUR', /neither a PDF nor XML/],
    ['JSON', '{"invoice": 1}', /neither a PDF nor XML/],
    [
      'ill-formed XML',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</Invoice>',
      /not well-formed/,
    ],
    ['XML of another root', '<?xml version="1.0"?><html><body>Facture</body></html>', /root element is html/],
    ['an Invoice in no namespace', '<Invoice><ID>1</ID></Invoice>', /no namespace/],
    [
      'a DOCTYPE (an entity bomb)',
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>&lol2;</ID></Invoice>',
      /DOCTYPE/,
    ],
    [
      'a UBL invoice without its number',
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><IssueDate>2026-01-01</IssueDate></Invoice>',
      /currency \(BT-5\) is missing/,
    ],
  ])('%s', async (_name, content, reason) => {
    expect(await unreadable(encode(content))).toMatch(reason);
  });

  it('a CII whose amount is not a number names the business term', async () => {
    const xml = sampleCii({ number: 'F-1', issueDate: '2026-01-02' }).replace(
      '<ram:GrandTotalAmount>120.00</ram:GrandTotalAmount>',
      '<ram:GrandTotalAmount>1e3</ram:GrandTotalAmount>',
    );
    expect(await unreadable(encode(xml))).toBe('the total with VAT (BT-112) is not a decimal number: "1e3"');
  });

  it('a minimal CII (the local platform sample) is readable though factur-x-kit refuses it', async () => {
    const xml = sampleCii({ number: 'F-1', issueDate: '2026-01-02', total: '240.00' });
    await expect(FacturX.fromXML(xml)).rejects.toThrow();
    const read = readable(await readSupplierInvoice(encode(xml)));
    expect(read.invoice).toMatchObject({
      number: 'F-1',
      issueDate: '2026-01-02',
      seller: { siren: '100000009' },
    });
    expect(read.invoice.totals.payable).toBe('240');
  });

  it('a PDF without an attachment, and one with another attachment', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const bare = await pdf.save();
    expect(await unreadable(bare)).toMatch(/no embedded file/);
    await pdf.attach(encode('hello'), 'notes.txt', { mimeType: 'text/plain' });
    expect(await unreadable(await pdf.save())).toMatch(/no factur-x.xml \(it embeds notes.txt\)/);
  });

  it('a PDF embedding a factur-x.xml that is not an invoice', async () => {
    const pdf = await sampleFacturX('<?xml version="1.0"?><note>not an invoice</note>');
    expect(await unreadable(pdf)).toMatch(/root element is note/);
  });

  it('a PDF that is only a header', async () => {
    expect(await unreadable(encode('%PDF-1.7\n%garbage'))).toMatch(/PDF/);
  });

  propertyTest.prop([fc.uint8Array({ maxLength: 2_000 })], { numRuns: 300 })(
    'random bytes',
    async (bytes) => {
      await unreadable(bytes);
    },
  );

  const ublSample = fc.sample(madeInvoice, { numRuns: 1, seed: 3 })[0] as MadeInvoice;
  const samples = new Map<string, Promise<Uint8Array>>();
  const sampleOf = (syntax: 'UBL' | 'CII' | 'PDF') => {
    let bytes = samples.get(syntax);
    if (!bytes) {
      bytes =
        syntax === 'PDF'
          ? renderDocument(documentModel(ublSample), 'pdf')
          : eInvoiceEu(ublSample, syntax).then(encode);
      samples.set(syntax, bytes);
    }
    return bytes;
  };
  propertyTest.prop([fc.nat(), fc.constantFrom<'UBL' | 'CII' | 'PDF'>('UBL', 'CII', 'PDF')], { numRuns: 60 })(
    'an invoice cut short anywhere: an XML is unreadable; a PDF is unreadable or reads as the whole one',
    async (cut, syntax) => {
      const bytes = await sampleOf(syntax);
      const part = bytes.subarray(0, cut % (bytes.length - 1));
      if (syntax !== 'PDF') {
        await unreadable(part);
        return;
      }
      // A PDF cut after its embedded invoice may still be read (readers recover): never as another invoice.
      const result = await readSupplierInvoice(part);
      if ('unreadable' in result) return;
      expect(result).toEqual(readable(await readSupplierInvoice(bytes)));
    },
  );

  let sampleUbl: string | undefined;
  propertyTest.prop([fc.string({ unit: 'binary', maxLength: 300 })], { numRuns: 200 })(
    'hostile text in every field of a UBL: read or refused, never thrown, and stored text stays storable',
    async (hostile) => {
      const escaped = hostile.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
      sampleUbl ??= await eInvoiceEu(ublSample, 'UBL');
      const xml = sampleUbl.replace(
        /<cbc:Name>[^<]*<\/cbc:Name>/,
        `<cbc:Name>${escaped}&#0;&#xD800;</cbc:Name>`,
      );
      const result = await readSupplierInvoice(encode(xml));
      if ('unreadable' in result) return;
      const name = result.invoice.lines[0]?.description ?? '';
      expect(name.includes('\u0000')).toBe(false);
      expect(name.isWellFormed()).toBe(true);
    },
  );
});
