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
import type { FlowSyntax } from './protocol.ts';
import { at, parseTree, textOf, xmlProblem } from './xml.ts';

/** What the platform needs of an invoice to write lifecycle messages about it. */
export interface InvoiceReference {
  number: string;
  /** BT-3: 380 invoice, 381 credit note... */
  typeCode: string;
  /** `YYYY-MM-DD`. */
  issueDate: string;
  seller: { siren: string | null; name: string | null };
  buyer: { siren: string | null; name: string | null };
}

/** The names under which Factur-X and its relatives embed their XML. */
const embeddedInvoiceNames = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

/** The files embedded in a PDF, by name (the catalog's /Names /EmbeddedFiles tree, kids included). */
export async function pdfAttachments(file: Uint8Array): Promise<Map<string, Uint8Array>> {
  const pdf = await PDFDocument.load(file, {
    updateMetadata: false,
    ignoreEncryption: true,
    throwOnInvalidObject: true,
  });
  const found = new Map<string, Uint8Array>();
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const root = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const visit = (node: PDFDict, depth: number) => {
    // A malformed tree could loop; real ones are a couple of levels deep.
    if (depth > 8) return;
    const pairs = node.lookupMaybe(PDFName.of('Names'), PDFArray);
    for (let index = 0; pairs && index + 1 < pairs.size(); index += 2) {
      const spec = pairs.lookup(index + 1);
      if (!(spec instanceof PDFDict)) continue;
      const name =
        spec.lookupMaybe(PDFName.of('UF'), PDFString, PDFHexString) ??
        spec.lookupMaybe(PDFName.of('F'), PDFString, PDFHexString);
      const stream = spec.lookupMaybe(PDFName.of('EF'), PDFDict)?.lookup(PDFName.of('F'));
      if (name && stream instanceof PDFRawStream)
        found.set(name.decodeText(), decodePDFRawStream(stream).decode());
    }
    const kids = node.lookupMaybe(PDFName.of('Kids'), PDFArray);
    for (let index = 0; kids && index < kids.size(); index++) {
      const kid = kids.lookup(index);
      if (kid instanceof PDFDict) visit(kid, depth + 1);
    }
  };
  if (root) visit(root, 0);
  return found;
}

/** The invoice XML inside a Factur-X PDF, or null when it carries none. */
export async function facturXml(file: Uint8Array): Promise<Uint8Array | null> {
  const attachments = await pdfAttachments(file);
  for (const name of embeddedInvoiceNames) {
    const xml = attachments.get(name);
    if (xml) return xml;
  }
  return null;
}

function date102(text: string | null): string | null {
  if (!text || !/^\d{8}$/.test(text)) return null;
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

function siren(identifier: string | null): string | null {
  if (!identifier) return null;
  const digits = identifier.replaceAll(' ', '');
  // A SIRET starts with its SIREN.
  return /^\d{9}(\d{5})?$/.test(digits) ? digits.slice(0, 9) : null;
}

function ciiReference(tree: unknown): InvoiceReference | null {
  const root = at(tree, 'CrossIndustryInvoice');
  const number = textOf(at(root, 'ExchangedDocument', 'ID'));
  const issueDate = date102(textOf(at(root, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString')));
  if (!number || !issueDate) return null;
  const agreement = at(root, 'SupplyChainTradeTransaction', 'ApplicableHeaderTradeAgreement');
  const party = (name: string) => ({
    siren: siren(textOf(at(agreement, name, 'SpecifiedLegalOrganization', 'ID'))),
    name: textOf(at(agreement, name, 'Name')),
  });
  return {
    number,
    typeCode: textOf(at(root, 'ExchangedDocument', 'TypeCode')) ?? '380',
    issueDate,
    seller: party('SellerTradeParty'),
    buyer: party('BuyerTradeParty'),
  };
}

function ublReference(tree: unknown): InvoiceReference | null {
  const isCreditNote = at(tree, 'CreditNote') !== undefined;
  const root = at(tree, isCreditNote ? 'CreditNote' : 'Invoice');
  const number = textOf(at(root, 'ID'));
  const issueDate = textOf(at(root, 'IssueDate'));
  if (!number || !issueDate || !/^\d{4}-\d{2}-\d{2}$/.test(issueDate)) return null;
  const party = (name: string) => ({
    siren: siren(textOf(at(root, name, 'Party', 'PartyLegalEntity', 'CompanyID'))),
    name: textOf(at(root, name, 'Party', 'PartyLegalEntity', 'RegistrationName')),
  });
  return {
    number,
    typeCode: textOf(at(root, isCreditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode')) ?? '380',
    issueDate,
    seller: party('AccountingSupplierParty'),
    buyer: party('AccountingCustomerParty'),
  };
}

/** The invoice's number, date and parties, or null when the file cannot be read as an invoice. */
export async function readInvoiceReference(
  file: Uint8Array,
  syntax: FlowSyntax,
): Promise<InvoiceReference | null> {
  let xml: Uint8Array | null = file;
  if (syntax === 'Factur-X') {
    try {
      xml = await facturXml(file);
    } catch {
      return null;
    }
  }
  if (!xml) return null;
  const text = new TextDecoder().decode(xml);
  if (xmlProblem(text)) return null;
  const tree = parseTree(text);
  if (syntax === 'UBL') return ublReference(tree);
  if (syntax === 'CII' || syntax === 'Factur-X') return ciiReference(tree);
  return null;
}
