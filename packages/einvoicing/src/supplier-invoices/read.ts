import { ciiNamespace, readCii } from './cii.ts';
import type {
  ParsedInvoice,
  ReadSupplierInvoice,
  SupplierFileMediaType,
  SupplierInvoiceFormat,
  UnreadableSupplierInvoice,
} from './model.ts';
import { embeddedInvoiceXml, isPdf } from './pdf.ts';
import { child, decodeXml, parseXmlTree, rootElement, Unreadable } from './tree.ts';
import { readUbl, type UblRoot, ublNamespaces } from './ubl.ts';

/** An XML file's invoice: CII (`CrossIndustryInvoice`) or UBL 2.1 (`Invoice`, `CreditNote`). */
function readXml(bytes: Uint8Array): { syntax: 'cii' | 'ubl'; invoice: ParsedInvoice; xml: string } {
  const xml = decodeXml(bytes);
  const tree = parseXmlTree(xml);
  const root = rootElement(xml);
  if (root.name === 'CrossIndustryInvoice' && root.namespace === ciiNamespace) {
    return { syntax: 'cii', invoice: readCii(child(tree, 'CrossIndustryInvoice')), xml };
  }
  if (
    (root.name === 'Invoice' || root.name === 'CreditNote') &&
    root.namespace === ublNamespaces[root.name]
  ) {
    const name: UblRoot = root.name;
    return { syntax: 'ubl', invoice: readUbl(child(tree, name), name), xml };
  }
  const namespace = root.namespace === null ? 'no namespace' : `namespace ${root.namespace}`;
  throw new Unreadable(
    `the XML's root element is ${root.name} (${namespace}), not a CII CrossIndustryInvoice nor a UBL 2.1 Invoice or CreditNote`,
  );
}

/** What a file is, from its first bytes. */
function sniff(bytes: Uint8Array): SupplierFileMediaType {
  if (isPdf(bytes)) return 'application/pdf';
  const head = new TextDecoder('utf-8')
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (head.startsWith('<')) return 'application/xml';
  if (bytes[0] === 0xff || bytes[0] === 0xfe) return 'application/xml';
  return 'application/octet-stream';
}

/**
 * Reads a supplier's invoice as received: a Factur-X PDF (its embedded `factur-x.xml`), a CII
 * XML or a UBL 2.1 Invoice or CreditNote, the syntax told by the bytes (a content type, when
 * given, only names what was declared in the reason of a refusal). Never throws: a file that
 * cannot be read answers `{ unreadable }` with why.
 */
export async function readSupplierInvoice(
  bytes: Uint8Array,
  contentType?: string,
): Promise<ReadSupplierInvoice | UnreadableSupplierInvoice> {
  const mediaType = sniff(bytes);
  try {
    if (bytes.length === 0) throw new Unreadable('the file is empty');
    if (mediaType === 'application/pdf') {
      const embedded = await embeddedInvoiceXml(bytes);
      const { syntax, invoice, xml } = readXml(embedded);
      if (syntax !== 'cii') throw new Unreadable('the PDF embeds a UBL invoice: Factur-X embeds CII');
      return { format: 'factur-x', invoice, xml, mediaType };
    }
    if (mediaType === 'application/octet-stream') {
      const declared = contentType ? ` (declared ${contentType})` : '';
      throw new Unreadable(`the file is neither a PDF nor XML${declared}`);
    }
    const { syntax, invoice, xml } = readXml(bytes);
    const format: SupplierInvoiceFormat = syntax;
    return { format, invoice, xml, mediaType };
  } catch (error) {
    if (error instanceof Unreadable) return { unreadable: error.message, mediaType };
    // A library's own failure on a hostile file (a stack overflow on deep nesting, a decoder
    // error): still a file that cannot be read, never a crash of whoever received it.
    const message = error instanceof Error ? error.message : String(error);
    return { unreadable: `the file could not be read: ${message}`, mediaType };
  }
}
