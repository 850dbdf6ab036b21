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
 * Checks a received document, as an approved platform does before depositing it. The schematron
 * runner (EN 16931 and French rules) plugs in here; a document it fails is rejected (213) with the
 * failed rules' ids in the reason.
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

function checkXml(xml: Uint8Array, syntax: FlowSyntax): FailedRule[] {
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
  const presence =
    syntax === 'UBL' ? ublPresence : syntax === 'CII' || syntax === 'Factur-X' ? ciiPresence : [];
  return presence
    .filter(([, path]) => textOf(at(tree, root, ...path)) === null)
    .map(([id, , message]) => ({ id, message }));
}

/**
 * Structure only, not the schematron: well-formed XML with the root element the syntax names, a PDF
 * carrying `factur-x.xml` for Factur-X, and the EN 16931 rules BR-01 to BR-07 that ask for an element
 * to be present. For development until the schematron runner is plugged in.
 */
export const structuralValidator: DocumentValidator = async (file, syntax) => {
  if (syntax !== 'Factur-X') return result(checkXml(file, syntax));
  if (new TextDecoder().decode(file.subarray(0, 5)) !== '%PDF-') {
    return result([
      { id: 'LOCAL-PDF', message: 'A Factur-X document is a PDF: the file does not start with %PDF-.' },
    ]);
  }
  let xml: Uint8Array | null;
  try {
    xml = await facturXml(file);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return result([{ id: 'LOCAL-PDF', message: `The PDF cannot be read (${reason}).` }]);
  }
  if (!xml) return result([{ id: 'LOCAL-FX-XML', message: 'The PDF embeds no factur-x.xml.' }]);
  return result(checkXml(xml, syntax));
};
