import type { PDFDict, PDFDocument } from 'pdf-lib';
import { Unreadable } from './tree.ts';

// A Factur-X (or ZUGFeRD) PDF carries its invoice as an embedded file named in the catalog's
// /Names /EmbeddedFiles tree. pdf-lib reads the PDF; it is loaded on the first PDF only, so a
// process that never receives one does not carry it.

/** The names under which Factur-X and its relatives embed their XML, in order of preference. */
const invoiceFileNames = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** Whether the bytes are a PDF: `%PDF-` within the first 1024 bytes, as readers accept it. */
export function isPdf(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  return head.includes('%PDF-');
}

/** The embedded invoice XML of a PDF; Unreadable when the PDF cannot be read or carries none. */
export async function embeddedInvoiceXml(bytes: Uint8Array): Promise<Uint8Array> {
  const lib = await import('pdf-lib');
  const { decodePDFRawStream, PDFArray, PDFHexString, PDFName, PDFRawStream, PDFString } = lib;
  let pdf: PDFDocument;
  try {
    pdf = await lib.PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
  } catch (error) {
    throw new Unreadable(`the PDF cannot be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const found = new Map<string, Uint8Array>();
  const visit = (node: PDFDict, depth: number) => {
    // A malformed name tree could loop; real ones are a few levels deep.
    if (depth > 16) return;
    const names = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let index = 0; names && index + 1 < names.size(); index += 2) {
      const spec = names.lookup(index + 1);
      if (!(spec instanceof lib.PDFDict)) continue;
      const name =
        spec.lookupMaybe(PDFName.of('UF'), PDFString, PDFHexString) ??
        spec.lookupMaybe(PDFName.of('F'), PDFString, PDFHexString);
      const stream = spec.lookupMaybe(PDFName.of('EF'), lib.PDFDict)?.lookup(PDFName.of('F'));
      if (name && stream instanceof PDFRawStream) {
        found.set(name.decodeText().toLowerCase(), decodePDFRawStream(stream).decode());
      }
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let index = 0; kids && index < kids.size(); index++) {
      const kid = kids.lookup(index);
      if (kid instanceof lib.PDFDict) visit(kid, depth + 1);
    }
  };
  try {
    const tree = pdf.catalog
      .lookupMaybe(PDFName.of('Names'), lib.PDFDict)
      ?.lookupMaybe(PDFName.of('EmbeddedFiles'), lib.PDFDict);
    if (tree) visit(tree, 0);
  } catch (error) {
    throw new Unreadable(
      `the PDF's embedded files cannot be read: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  for (const name of invoiceFileNames) {
    const xml = found.get(name);
    if (xml) return xml;
  }
  throw new Unreadable(
    found.size === 0
      ? 'the PDF carries no embedded file: it is not a Factur-X invoice'
      : `the PDF carries no factur-x.xml (it embeds ${[...found.keys()].join(', ')})`,
  );
}
