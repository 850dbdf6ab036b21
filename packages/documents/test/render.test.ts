import { afterAll, describe, expect, it } from 'vitest';
import { renderFacturXXml } from '../src/cii.ts';
import { createRenderPool } from '../src/pool.ts';
import { renderDocument } from '../src/render.ts';
import { creditNote, draftInvoice, invoice, quote } from './fixtures.ts';
import { embeddedFiles, loadPdf, pageTexts } from './pdf-inspect.ts';

// renderDocument chooses what a document is (an issued invoice's PDF carries its XML; a draft's
// and a quote's carry none); the pool runs it in worker threads, from the .ts sources as Node
// runs them. What the XML and the PDF say is tested in cii and pdf tests.

const pool = createRenderPool({ threads: 2 });
afterAll(() => pool.close());

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('renderDocument', () => {
  it('gives an issued invoice’s and a credit note’s PDF their Factur-X XML, as factur-x.xml', async () => {
    for (const model of [invoice, creditNote]) {
      const files = embeddedFiles(await loadPdf(await renderDocument(model, 'pdf')));
      expect(files.map((file) => file.name)).toEqual(['factur-x.xml']);
      expect(decode(files[0]?.bytes ?? new Uint8Array())).toBe(await renderFacturXXml(model));
    }
  });

  it('gives a draft’s and a quote’s PDF no XML', async () => {
    for (const model of [draftInvoice, quote]) {
      const pdf = await renderDocument(model, 'pdf');
      expect(decode(pdf.slice(0, 5))).toBe('%PDF-');
      expect(embeddedFiles(await loadPdf(pdf))).toEqual([]);
    }
  });

  it('answers the XML of an issued invoice as UTF-8 bytes, and refuses one for a draft or a quote', async () => {
    expect(decode(await renderDocument(invoice, 'xml'))).toBe(await renderFacturXXml(invoice));
    await expect(renderDocument(draftInvoice, 'xml')).rejects.toThrow(/draft/);
    await expect(renderDocument(quote, 'xml')).rejects.toThrow(/quote/);
  });
});

describe('createRenderPool', () => {
  it('renders in a worker thread what renderDocument renders here', async () => {
    const [xml, pdf] = await Promise.all([pool.render(invoice, 'xml'), pool.render(draftInvoice, 'pdf')]);
    expect(xml).toBeInstanceOf(Uint8Array);
    expect(decode(xml)).toBe(await renderFacturXXml(invoice));
    const [here, there] = await Promise.all([
      pageTexts(await renderDocument(draftInvoice, 'pdf')),
      pageTexts(pdf),
    ]);
    expect(there).toEqual(here);
  });

  it('passes a renderer’s failure to the caller, and keeps serving', async () => {
    await expect(pool.render(draftInvoice, 'xml')).rejects.toThrow(/draft/);
    expect(decode((await pool.render(quote, 'pdf')).slice(0, 5))).toBe('%PDF-');
  });
});
