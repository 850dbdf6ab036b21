import { createRequire } from 'node:module';
import createQpdf from '@neslinesli93/qpdf-wasm';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { extractText, extractTextItems } from 'unpdf';

// Reading a rendered PDF back with tools we did not write: qpdf (structure), pdf-lib (objects:
// attachments, XMP, fonts), unpdf / PDF.js (text as a reader extracts it).

const require = createRequire(import.meta.url);
const qpdfWasm = require.resolve('@neslinesli93/qpdf-wasm/dist/qpdf.wasm');

interface QpdfRuntime {
  callMain(args: string[]): number;
  FS: { writeFile(path: string, data: Uint8Array): void };
}

/** `qpdf --check`: its exit status and everything it printed. */
export async function qpdfCheck(bytes: Uint8Array): Promise<{ status: number; output: string }> {
  const output: string[] = [];
  const exitCode = process.exitCode;
  // A fresh instance per check: the emscripten runtime exits with main(). Its build takes no
  // print hooks: it binds console.log and console.error when instantiated, so those are
  // swapped for a collector just for that moment.
  const { log, error } = console;
  const collect = (...parts: unknown[]) => output.push(parts.join(' '));
  console.log = collect;
  console.error = collect;
  let qpdf: QpdfRuntime;
  try {
    qpdf = await (createQpdf as unknown as (options: object) => Promise<QpdfRuntime>)({
      locateFile: () => qpdfWasm,
      noInitialRun: true,
    });
  } finally {
    console.log = log;
    console.error = error;
  }
  qpdf.FS.writeFile('/document.pdf', bytes);
  let status: number;
  try {
    status = qpdf.callMain(['--check', '/document.pdf']);
  } catch (error) {
    status = (error as { status?: number }).status ?? -1;
  } finally {
    // emscripten's exit handler sets the process's exit code: that is qpdf's, not the tests'.
    process.exitCode = exitCode;
  }
  return { status, output: output.join('\n') };
}

export async function loadPdf(bytes: Uint8Array): Promise<PDFDocument> {
  return PDFDocument.load(bytes, { updateMetadata: false });
}

/** The decoded content of a stream object (pdf-lib's lookup overloads do not cover streams). */
function streamBytes(object: unknown): Uint8Array {
  if (!(object instanceof PDFRawStream)) throw new Error(`Not a stream: ${String(object)}`);
  return decodePDFRawStream(object).decode();
}

export interface EmbeddedFile {
  name: string;
  relationship: string | undefined;
  subtype: string | undefined;
  bytes: Uint8Array;
  /** Whether the catalog's /AF array lists this file specification. */
  inCatalogAF: boolean;
}

/** The files of the catalog's /Names /EmbeddedFiles tree. */
export function embeddedFiles(pdf: PDFDocument): EmbeddedFile[] {
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const pairs = tree?.lookupMaybe(PDFName.of('Names'), PDFArray);
  if (!pairs) return [];
  const af = pdf.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  const afSpecs = new Set((af?.asArray() ?? []).map((item) => pdf.context.lookup(item)));
  const files: EmbeddedFile[] = [];
  for (let index = 0; index < pairs.size(); index += 2) {
    const spec = pairs.lookup(index + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) throw new Error('The file specification has no embedded stream');
    files.push({
      name: spec.lookup(PDFName.of('UF'), PDFString, PDFHexString).decodeText(),
      relationship: spec.get(PDFName.of('AFRelationship'))?.toString(),
      subtype: stream.dict.get(PDFName.of('Subtype'))?.toString(),
      bytes: streamBytes(stream),
      inCatalogAF: afSpecs.has(spec),
    });
  }
  return files;
}

export function catalogHasAF(pdf: PDFDocument): boolean {
  return pdf.catalog.get(PDFName.of('AF')) !== undefined;
}

export function xmpPacket(pdf: PDFDocument): string {
  return new TextDecoder().decode(streamBytes(pdf.catalog.lookup(PDFName.of('Metadata'))));
}

/** Every simple or descendant font dictionary, with whether its program is embedded. */
export function fonts(pdf: PDFDocument): { name: string; embedded: boolean }[] {
  const found: { name: string; embedded: boolean }[] = [];
  for (const [, object] of pdf.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of('Type')) !== PDFName.of('Font')) continue;
    // A Type0 font has no program of its own: its descendant font (listed too) has it.
    if (object.get(PDFName.of('Subtype')) === PDFName.of('Type0')) continue;
    const descriptor = object.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const embedded = ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.has(PDFName.of(key)));
    found.push({ name: String(object.get(PDFName.of('BaseFont'))), embedded });
  }
  return found;
}

/** The text of each page, whitespace runs (including no-break spaces) as one space. */
export async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const { text } = await extractText(bytes.slice(), { mergePages: false });
  return text.map((page) => page.replace(/\s+/g, ' '));
}

export interface TextBox {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pairs of text runs whose boxes intersect, per page (the big rotated draft mark excluded). */
export async function overlappingText(bytes: Uint8Array): Promise<[TextBox, TextBox][]> {
  const { items } = await extractTextItems(bytes.slice());
  const overlaps: [TextBox, TextBox][] = [];
  for (const page of items) {
    const boxes = page.filter((item) => item.str.trim() !== '' && item.fontSize < 50);
    boxes.forEach((a, index) => {
      for (const b of boxes.slice(index + 1)) {
        const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
        const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
        if (width > 0.5 && height > 0.5) overlaps.push([a, b]);
      }
    });
  }
  return overlaps;
}

/** The horizontal extent of all text, over every page. */
export async function textExtent(bytes: Uint8Array): Promise<{ left: number; right: number }> {
  const { items } = await extractTextItems(bytes.slice());
  const boxes = items.flat().filter((item) => item.str.trim() !== '' && item.fontSize < 50);
  return {
    left: Math.min(...boxes.map((box) => box.x)),
    right: Math.max(...boxes.map((box) => box.x + box.width)),
  };
}
