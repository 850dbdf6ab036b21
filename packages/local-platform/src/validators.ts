import { facturXml } from './invoice.ts';
import type { FlowSyntax } from './protocol.ts';
import { at, parseTree, textOf, xmlProblem } from './xml.ts';

export interface FailedRule {
  id: string;
  message: string;
}

export interface ValidationResult {
  valid: boolean;
  failedRules: FailedRule[];
}

/**
 * Checks a received document, as an approved platform does before depositing it; a document it
 * fails is rejected (213) with the failed rules' ids in the reason. `ruleSetValidator` runs the
 * official rule sets (EN 16931, Factur-X, BR-FR), `structuralValidator` the structure only.
 */
export type DocumentValidator = (file: Uint8Array, syntax: FlowSyntax) => Promise<ValidationResult>;

function result(failedRules: FailedRule[]): ValidationResult {
  return { valid: failedRules.length === 0, failedRules };
}

// The EN 16931 rules that only ask for an element to be there, with the standard's ids and wording.
const ciiPresence: [id: string, path: string[], message: string][] = [
  [
    'BR-01',
    ['ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID'],
    'An Invoice shall have a Specification identifier (BT-24).',
  ],
  ['BR-02', ['ExchangedDocument', 'ID'], 'An Invoice shall have an Invoice number (BT-1).'],
  [
    'BR-03',
    ['ExchangedDocument', 'IssueDateTime', 'DateTimeString'],
    'An Invoice shall have an Invoice issue date (BT-2).',
  ],
  ['BR-04', ['ExchangedDocument', 'TypeCode'], 'An Invoice shall have an Invoice type code (BT-3).'],
  [
    'BR-05',
    ['SupplyChainTradeTransaction', 'ApplicableHeaderTradeSettlement', 'InvoiceCurrencyCode'],
    'An Invoice shall have an Invoice currency code (BT-5).',
  ],
  [
    'BR-06',
    ['SupplyChainTradeTransaction', 'ApplicableHeaderTradeAgreement', 'SellerTradeParty', 'Name'],
    'An Invoice shall contain the Seller name (BT-27).',
  ],
  [
    'BR-07',
    ['SupplyChainTradeTransaction', 'ApplicableHeaderTradeAgreement', 'BuyerTradeParty', 'Name'],
    'An Invoice shall contain the Buyer name (BT-44).',
  ],
];

const ublPresence: [id: string, path: string[], message: string][] = [
  ['BR-01', ['CustomizationID'], 'An Invoice shall have a Specification identifier (BT-24).'],
  ['BR-02', ['ID'], 'An Invoice shall have an Invoice number (BT-1).'],
  ['BR-03', ['IssueDate'], 'An Invoice shall have an Invoice issue date (BT-2).'],
  ['BR-05', ['DocumentCurrencyCode'], 'An Invoice shall have an Invoice currency code (BT-5).'],
];

const roots: Record<FlowSyntax, string[]> = {
  CII: ['CrossIndustryInvoice'],
  'Factur-X': ['CrossIndustryInvoice'],
  UBL: ['Invoice', 'CreditNote'],
  CDAR: ['CrossDomainAcknowledgementAndResponse'],
  FRR: ['Report'],
};

/** A document's invoice XML, parsed, with the root element its syntax names. */
export interface ReadableDocument {
  text: string;
  tree: unknown;
  root: string;
}

/** The XML as `syntax` asks, or the rules it breaks by not being readable as such. */
function readXml(xml: Uint8Array, syntax: FlowSyntax): ReadableDocument | FailedRule[] {
  const text = new TextDecoder().decode(xml);
  const problem = xmlProblem(text);
  if (problem) return [{ id: 'LOCAL-XML', message: `The document is not well-formed XML (${problem}).` }];
  const tree = parseTree(text);
  const expected = roots[syntax];
  const root = expected.find((name) => at(tree, name) !== undefined);
  if (!root) {
    return [
      {
        id: 'LOCAL-ROOT',
        message: `The root element is not ${expected.join(' or ')} as ${syntax} requires.`,
      },
    ];
  }
  return { text, tree, root };
}

/**
 * The document's XML (for Factur-X, the factur-x.xml its PDF embeds), or the rules it breaks by
 * not being readable as `syntax`: not XML, another root element, not a PDF, no embedded XML.
 */
export async function readDocument(
  file: Uint8Array,
  syntax: FlowSyntax,
): Promise<ReadableDocument | FailedRule[]> {
  if (syntax !== 'Factur-X') return readXml(file, syntax);
  if (new TextDecoder().decode(file.subarray(0, 5)) !== '%PDF-') {
    return [
      { id: 'LOCAL-PDF', message: 'A Factur-X document is a PDF: the file does not start with %PDF-.' },
    ];
  }
  let xml: Uint8Array | null;
  try {
    xml = await facturXml(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return [{ id: 'LOCAL-PDF', message: `The PDF cannot be read (${reason}).` }];
  }
  if (!xml) return [{ id: 'LOCAL-FX-XML', message: 'The PDF embeds no factur-x.xml.' }];
  return readXml(xml, syntax);
}

/**
 * Structure only, not the schematron: well-formed XML with the root element the syntax names, a PDF
 * carrying `factur-x.xml` for Factur-X, and the EN 16931 rules BR-01 to BR-07 that ask for an element
 * to be present. For tests that are not about validation (`ruleSetValidator` runs the official rules).
 */
export const structuralValidator: DocumentValidator = async (file, syntax) => {
  const document = await readDocument(file, syntax);
  if (Array.isArray(document)) return result(document);
  const presence =
    syntax === 'UBL' ? ublPresence : syntax === 'CII' || syntax === 'Factur-X' ? ciiPresence : [];
  return result(
    presence
      .filter(([, path]) => textOf(at(document.tree, document.root, ...path)) === null)
      .map(([id, , message]) => ({ id, message })),
  );
};
