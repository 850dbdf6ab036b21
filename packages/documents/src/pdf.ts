import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { DocumentModel } from './model.ts';
import { drawFooter, drawHeader, drawWatermark } from './pdf/frame.ts';
import { mapStrings, type ParsedFont, printableText } from './pdf/glyphs.ts';
import { Flow, FONT, MARGIN } from './pdf/layout.ts';
import { drawLinesTable } from './pdf/lines-table.ts';
import { documentHeading } from './pdf/mentions.ts';
import { drawAcceptance, drawMentions, drawParties, drawReferences, drawTotals } from './pdf/sections.ts';
import { facturXXmp, modificationDatesXmp } from './pdf/xmp.ts';

// The readable document, drawn with pdfkit as a PDF/A-3b (sRGB output intent, embedded subset
// fonts, pdfaid XMP). An issued invoice or credit note given its CII XML becomes a Factur-X
// invoice: the XML attached as factur-x.xml (AFRelationship Alternative, listed in the
// catalog's /AF) and declared in the XMP with the Factur-X extension schema.
//
// The same model renders the same bytes: the dates pdfkit would take from the clock are the
// issue date (a fixed date for a draft), and the file identifier pdfkit derives from the info
// dictionary (dates, title with the number) is therefore fixed too.

const FACTUR_X_FILE_NAME = 'factur-x.xml';
const FACTUR_X_CONFORMANCE_LEVEL = 'EN 16931';
/** The date of a document that has none (a draft, an unsent quote). */
const UNDATED = new Date('2000-01-01T00:00:00Z');

const require = createRequire(import.meta.url);
const fontsDirectory = `${require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, '')}ttf/`;
// The fonts are parsed once per process (per pool worker) with pdfkit's own fontkit, which
// pdfkit 0.20 accepts in place of the file: parsing DejaVu's tables was half the render time.
// Each document still builds its own subset, so the bytes are those of a fresh parse.
interface Fonts {
  regular: ParsedFont;
  bold: ParsedFont;
  printable: (text: string) => string;
}
let fonts: Fonts | undefined;
function parsedFonts(): Fonts {
  if (!fonts) {
    const fontkit = createRequire(require.resolve('pdfkit'))('fontkit') as {
      create(data: Uint8Array): ParsedFont;
    };
    const regular = fontkit.create(readFileSync(`${fontsDirectory}DejaVuSans.ttf`));
    const bold = fontkit.create(readFileSync(`${fontsDirectory}DejaVuSans-Bold.ttf`));
    fonts = { regular, bold, printable: printableText([regular, bold]) };
  }
  return fonts;
}
/** pdfkit's types predate its accepting parsed fonts. */
const fontSource = (font: ParsedFont) => font as unknown as Uint8Array;

export interface PdfOptions {
  /** The invoice's CII XML: attached (issued invoices and credit notes only) as Factur-X. */
  facturXXml?: string;
}

/** Whether the document is an invoice the Factur-X XML may travel with (never a draft). */
function carriesFacturX(model: DocumentModel): boolean {
  return !model.draft && model.kind !== 'quote';
}

export async function renderPdf(given: DocumentModel, options: PdfOptions = {}): Promise<Uint8Array> {
  const { regular, bold, printable } = parsedFonts();
  const model = mapStrings(given, printable);
  const date = model.issuedAt ? new Date(model.issuedAt) : UNDATED;
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    bufferPages: true,
    subset: 'PDF/A-3b',
    pdfVersion: '1.7',
    lang: 'fr-FR',
    displayTitle: true,
    // No standard (non-embedded) font is ever loaded: PDF/A wants every font embedded.
    font: '',
    info: {
      // pdfkit copies these into the XMP unescaped: keep them free of XML special characters.
      Title: xmlSafe(documentHeading(model)),
      Creator: 'Comptoir',
      Producer: 'Comptoir (PDFKit)',
      CreationDate: date,
      ModDate: date,
    },
  });
  const bytes = collect(doc);
  doc.registerFont(FONT.regular, fontSource(regular));
  doc.registerFont(FONT.bold, fontSource(bold));
  doc.font(FONT.regular);
  doc.appendXML(modificationDatesXmp(date));

  const xml = options.facturXXml;
  if (xml !== undefined && carriesFacturX(model)) {
    const attachment = {
      name: FACTUR_X_FILE_NAME,
      type: 'text/xml',
      relationship: 'Alternative',
      description: `Factur-X ${FACTUR_X_CONFORMANCE_LEVEL} invoice`,
      creationDate: date,
      modifiedDate: date,
    };
    doc.file(Buffer.from(xml, 'utf8'), attachment);
    doc.appendXML(facturXXmp({ fileName: FACTUR_X_FILE_NAME, conformanceLevel: FACTUR_X_CONFORMANCE_LEVEL }));
  }

  const flow = new Flow(doc, (page) => drawWatermark(page, model));
  flow.newPage();
  drawParties(flow, model);
  drawReferences(flow, model);
  drawLinesTable(flow, model);
  drawTotals(flow, model);
  drawMentions(flow, model);
  if (model.kind === 'quote') drawAcceptance(flow);

  const { start, count } = doc.bufferedPageRange();
  for (let index = 0; index < count; index += 1) {
    doc.switchToPage(start + index);
    drawHeader(doc, model);
    drawFooter(doc, model, index + 1, count);
  }
  doc.end();
  return bytes;
}

function xmlSafe(text: string): string {
  return text.replace(/[<>&"']/g, '');
}

function collect(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    doc.on('error', reject);
    doc.on('end', () => {
      const bytes = new Uint8Array(chunks.reduce((length, chunk) => length + chunk.byteLength, 0));
      let offset = 0;
      for (const chunk of chunks) {
        bytes.set(chunk, offset);
        offset += chunk.byteLength;
      }
      resolve(bytes);
    });
  });
}
