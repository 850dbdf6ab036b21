import { FacturX } from 'factur-x-kit';
import { describe, expect, test } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { renderFacturXXml } from '../src/cii.ts';
import type { DocumentLine, DocumentModel } from '../src/model.ts';
import { renderPdf } from '../src/pdf.ts';
import { creditNote, draftInvoice, hundredLines, invoice, issuedCases, quote, seller } from './fixtures.ts';
import {
  catalogHasAF,
  embeddedFiles,
  fonts,
  loadPdf,
  overlappingText,
  qpdfCheck,
  textExtent,
  xmpPacket,
} from './pdf-inspect.ts';

// The PDF as other tools read it: qpdf for the structure, pdf-lib for the Factur-X container
// (attachment, /AF, AFRelationship, XMP) and the fonts. The text is in pdf-text.test.ts.

async function facturX(model: DocumentModel): Promise<{ xml: string; bytes: Uint8Array }> {
  const xml = await renderFacturXXml(model);
  return { xml, bytes: await renderPdf(model, { facturXXml: xml }) };
}

const unsentQuote: DocumentModel = { ...quote, draft: true, number: null, issuedAt: null };
const anyXml = '<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice/>';

describe('an issued invoice or credit note is a Factur-X PDF/A-3', () => {
  test.each(Object.entries(issuedCases))('%s: qpdf --check finds no error', async (_name, model) => {
    const { bytes } = await facturX(model);
    const check = await qpdfCheck(bytes);
    expect(check.output).toContain('No syntax or stream encoding errors found');
    expect(check.output).not.toMatch(/WARNING|error:/i);
    expect(check.status).toBe(0);
  });

  test('the qpdf check is not vacuous: a damaged file fails it', async () => {
    const bytes = await renderPdf(invoice, {});
    const truncated = await qpdfCheck(bytes.slice(0, bytes.length - 200));
    expect(truncated.status).not.toBe(0);
    const garbled = bytes.slice();
    garbled.set(new TextEncoder().encode('<<garbage>>'), Math.floor(bytes.length / 3));
    expect((await qpdfCheck(garbled)).output).toMatch(/WARNING|error/i);
  });

  test.each(Object.entries(issuedCases))(
    '%s: the CII XML is attached as factur-x.xml, byte for byte, Alternative, in the catalog /AF',
    async (_name, model) => {
      const { xml, bytes } = await facturX(model);
      const pdf = await loadPdf(bytes);
      const files = embeddedFiles(pdf);
      expect(files).toHaveLength(1);
      const [file] = files;
      expect(file?.name).toBe('factur-x.xml');
      expect(Buffer.from(file?.bytes ?? []).equals(Buffer.from(xml, 'utf8'))).toBe(true);
      expect(file?.relationship).toBe('/Alternative');
      expect(file?.subtype).toBe('/text#2Fxml');
      expect(file?.inCatalogAF).toBe(true);
    },
  );

  test('factur-x-kit reads the PDFs back as EN 16931 invoices: 380 for the invoice, 381 for the credit note', async () => {
    for (const [model, type] of [
      [invoice, '380'],
      [creditNote, '381'],
    ] as const) {
      const read = await FacturX.fromPDF((await facturX(model)).bytes);
      expect(read.object.profile).toBe('urn:cen.eu:en16931:2017');
      expect(read.object.document).toMatchObject({ id: model.number, type });
    }
  });

  test('the XMP is well-formed and declares PDF/A-3B and the Factur-X EN 16931 profile with its extension schema', async () => {
    for (const model of [invoice, creditNote]) {
      const xmp = xmpPacket(await loadPdf((await facturX(model)).bytes));
      const parsed = await validateXML({
        xml: [{ fileName: 'xmp.xml', contents: xmp }],
        normalization: 'format',
      });
      expect(parsed.errors).toEqual([]);
      expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(xmp).toMatch(/<pdfaid:conformance>B<\/pdfaid:conformance>/);
      expect(xmp).toContain('xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"');
      expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
      expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
      expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
      expect(xmp).toContain('<fx:Version>1.0</fx:Version>');
      // PDF/A: a property outside the predefined schemas needs its extension schema declared.
      expect(xmp).toContain(
        '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
      );
      for (const property of ['DocumentFileName', 'DocumentType', 'Version', 'ConformanceLevel']) {
        expect(xmp).toContain(`<pdfaProperty:name>${property}</pdfaProperty:name>`);
      }
      expect(xmp).toContain('<xmp:CreateDate>2026-11-23T10:00:00Z</xmp:CreateDate>');
      expect(xmp).toContain('<xmp:ModifyDate>2026-11-23T10:00:00Z</xmp:ModifyDate>');
    }
  });

  test('every font is embedded: no standard font is referenced', async () => {
    for (const model of [invoice, hundredLines, draftInvoice, quote]) {
      const found = fonts(await loadPdf(await renderPdf(model, {})));
      expect(found.length).toBeGreaterThanOrEqual(2);
      expect(found.filter((font) => !font.embedded)).toEqual([]);
      expect(found.map((font) => font.name).join(' ')).toMatch(/DejaVuSans-Bold/);
    }
  });
});

describe('documents that are not invoices carry no XML', () => {
  test.each([
    ['draft invoice', draftInvoice],
    ['multi-page draft', { ...hundredLines, draft: true, issuedAt: null }],
    ['sent quote', quote],
    ['unsent quote', unsentQuote],
  ] as const)(
    '%s: no attachment even when an XML is given, no Factur-X XMP, qpdf --check passes',
    async (_name, model) => {
      const bytes = await renderPdf(model, { facturXXml: anyXml });
      const pdf = await loadPdf(bytes);
      expect(embeddedFiles(pdf)).toEqual([]);
      expect(catalogHasAF(pdf)).toBe(false);
      const xmp = xmpPacket(pdf);
      expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
      expect(xmp).not.toContain('fx:');
      const check = await qpdfCheck(bytes);
      expect(check.output).toContain('No syntax or stream encoding errors found');
      expect(check.status).toBe(0);
    },
  );
});

describe('layout', () => {
  const longNames: DocumentModel = {
    ...invoice,
    seller: {
      ...seller,
      legalName: 'Société Coopérative de Torréfaction Artisanale du Grand Lyon et des Monts du Lyonnais',
    },
    buyer: {
      ...invoice.buyer,
      company: 'Établissements Très Longue Raison Sociale & Fils, Négociants en Cafés Verts',
    },
    lines: invoice.lines.map((line) => ({
      ...line,
      description: `${line.description}, ${'origine Éthiopie Yirgacheffe, '.repeat(6)}`,
    })),
  };

  const hugeLine: DocumentModel = {
    ...invoice,
    lines: [
      {
        ...(invoice.lines[0] as DocumentLine),
        unitPrice: 1234567.89,
        quantity: 1250.5,
        netAmount: 1543827145.39,
      },
      { ...(invoice.lines[1] as DocumentLine), description: 'Torréfaction sur mesure. '.repeat(600) },
    ],
  };

  test.each([
    ['invoice', invoice],
    ['100 lines', hundredLines],
    ['quote', quote],
    ['draft', draftInvoice],
    ['long names and descriptions', longNames],
    ['large amounts, a description longer than a page', hugeLine],
  ] as const)(
    '%s: no two runs of text overlap and all text stays within the margins',
    async (_name, model) => {
      const bytes = await renderPdf(model, {});
      const overlaps = await overlappingText(bytes);
      expect(overlaps.map(([a, b]) => `${a.str} / ${b.str}`)).toEqual([]);
      const { left, right } = await textExtent(bytes);
      expect(left).toBeGreaterThanOrEqual(39);
      expect(right).toBeLessThanOrEqual(595.28 - 39);
    },
  );
});

describe('determinism', () => {
  const fileId = (bytes: Uint8Array) =>
    /\/ID \[(<[0-9a-f]+>) /.exec(Buffer.from(bytes).toString('latin1'))?.[1];

  test('the same model renders the same bytes, issued or draft', async () => {
    for (const model of [invoice, hundredLines, draftInvoice, quote]) {
      const xml = model.draft || model.kind === 'quote' ? undefined : await renderFacturXXml(model);
      const options = xml === undefined ? {} : { facturXXml: xml };
      const first = await renderPdf(model, options);
      const second = await renderPdf(structuredClone(model), options);
      expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    }
  });

  test('the file identifier is fixed by the document: another number, another identifier', async () => {
    const first = fileId(await renderPdf(invoice, {}));
    expect(first).toMatch(/^<[0-9a-f]{32}>$/);
    expect(fileId(await renderPdf(invoice, {}))).toBe(first);
    expect(fileId(await renderPdf({ ...invoice, number: 'INV-2026-00043' }, {}))).not.toBe(first);
  });
});

test('the 100-line invoice renders in well under a second (p50 of 20, printed)', async () => {
  const xml = await renderFacturXXml(hundredLines);
  const durations: number[] = [];
  for (let run = 0; run < 20; run += 1) {
    const start = performance.now();
    await renderPdf(hundredLines, { facturXXml: xml });
    durations.push(performance.now() - start);
  }
  durations.sort((a, b) => a - b);
  const p50 = durations[10] ?? Number.NaN;
  console.info(
    `renderPdf, 100 lines with Factur-X XML: p50 ${p50.toFixed(1)} ms, max ${durations.at(-1)?.toFixed(1)} ms`,
  );
  // A loose bound (the machine is shared): the figures for docs/benchmarks.md are printed above.
  expect(p50).toBeLessThan(500);
});
