import { Decimal } from 'decimal.js';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

// Reading an XML invoice: bytes to text, text to a plain tree (fast-xml-parser), and the small
// accessors the CII and UBL mappings walk it with. Whatever goes wrong is an Unreadable with a
// reason a person can act on; the reader turns it into `{ unreadable }`.

/** Why a file cannot be read. Thrown inside the reader only: readSupplierInvoice never throws. */
export class Unreadable extends Error {
  override name = 'Unreadable';
}

/** The encoding an XML declares in its first bytes (ASCII-compatible encodings only). */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
  return /^<\?xml[^>]*\sencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
}

/**
 * The text of an XML file: UTF-8 unless a byte order mark or the declaration says otherwise
 * (XML 1.0, appendix F). Bytes that are not valid in that encoding make it unreadable.
 */
export function decodeXml(bytes: Uint8Array): string {
  let encoding = 'utf-8';
  let start = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) [encoding, start] = ['utf-16le', 2];
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) [encoding, start] = ['utf-16be', 2];
  else encoding = declaredEncoding(bytes)?.toLowerCase() ?? 'utf-8';
  const decoder = (() => {
    try {
      return new TextDecoder(encoding, { fatal: true });
    } catch {
      throw new Unreadable(`the XML declares an encoding this reader does not know: ${encoding}`);
    }
  })();
  try {
    return decoder.decode(bytes.subarray(start));
  } catch {
    throw new Unreadable(`the file is not valid ${encoding.toUpperCase()} text`);
  }
}

/**
 * A plain tree of the XML: namespace prefixes removed, every value a string, attributes as
 * `@name`, the text of an element with attributes as `#text`. A document type declaration is
 * refused (no e-invoice has one, and its entities are how XML bombs work).
 */
export function parseXmlTree(text: string): Record<string, unknown> {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (/<!DOCTYPE/i.test(body)) throw new Unreadable('the XML has a document type declaration (DOCTYPE)');
  const validation = XMLValidator.validate(body);
  if (validation !== true) {
    throw new Unreadable(
      `not well-formed XML (line ${validation.err.line}, column ${validation.err.col}): ${validation.err.msg}`,
    );
  }
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    processEntities: true,
    htmlEntities: false,
  });
  const tree: unknown = parser.parse(body);
  if (tree === null || typeof tree !== 'object') throw new Unreadable('the XML has no root element');
  return tree as Record<string, unknown>;
}

/** The root element's name and namespace, read without the tree's prefix removal. */
export function rootElement(text: string): { name: string; namespace: string | null } {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  // The first start tag after the prolog (declaration, comments, processing instructions).
  const match =
    /^(?:\s|<\?[\s\S]*?\?>|<!--[\s\S]*?-->)*<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)([^>]*)>/.exec(body);
  if (!match) throw new Unreadable('no root element found');
  const [, qualified = '', attributes = ''] = match;
  const colon = qualified.indexOf(':');
  const prefix = colon === -1 ? null : qualified.slice(0, colon);
  const name = colon === -1 ? qualified : qualified.slice(colon + 1);
  const declaration = new RegExp(`\\sxmlns${prefix === null ? '' : `:${prefix}`}\\s*=\\s*(["'])(.*?)\\1`);
  return { name, namespace: declaration.exec(attributes)?.[2] ?? null };
}

/** A child element (the first when it repeats), or undefined. */
export function child(node: unknown, name: string): unknown {
  const found = children(node, name);
  return found[0];
}

/** Every occurrence of a child element, whether it occurs once or several times. */
export function children(node: unknown, name: string): unknown[] {
  const target = Array.isArray(node) ? node[0] : node;
  if (target === null || typeof target !== 'object' || !Object.hasOwn(target, name)) return [];
  const value = (target as Record<string, unknown>)[name];
  return Array.isArray(value) ? value : [value];
}

/** The element at the end of a path of child names (the first of each repeated one). */
export function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const step of path) current = child(current, step);
  return current;
}

/**
 * Text as Comptoir keeps it: what PostgreSQL cannot store (U+0000) or what is not Unicode (an
 * unpaired surrogate from a character reference) becomes U+FFFD.
 */
function storable(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').toWellFormed();
}

/** The text of an element (with or without attributes), trimmed; null when absent or empty. */
export function text(node: unknown): string | null {
  let value: unknown = node;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    value = Object.hasOwn(value, '#text') ? (value as Record<string, unknown>)['#text'] : undefined;
  }
  if (typeof value !== 'string') return null;
  const trimmed = storable(value).trim();
  return trimmed === '' ? null : trimmed;
}

/** An attribute of an element, trimmed; null when absent or empty. */
export function attribute(node: unknown, name: string): string | null {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return null;
  const key = `@${name}`;
  const value = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? storable(value).trim() : null;
}

const decimalPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** An xs:decimal in canonical form ("018.90" -> "18.9"), null when absent; anything else is unreadable. */
export function decimal(node: unknown, term: string): string | null {
  const value = text(node);
  if (value === null) return null;
  if (!decimalPattern.test(value)) throw new Unreadable(`${term} is not a decimal number: "${value}"`);
  return new Decimal(value).toFixed();
}

/** A decimal the document must give. */
export function requiredDecimal(node: unknown, term: string): string {
  const value = decimal(node, term);
  if (value === null) throw new Unreadable(`${term} is missing`);
  return value;
}

/** A calendar date `YYYY-MM-DD` that exists; null when the text is absent. */
export function isoDate(value: string | null, term: string): string | null {
  if (value === null) return null;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(value);
  const [, year = '', month = '', day = ''] = match ?? [];
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) {
    throw new Unreadable(`${term} is not a date: "${value}"`);
  }
  return date;
}

/** A value the document must give. */
export function present<T>(value: T | null, term: string): T {
  if (value === null) throw new Unreadable(`${term} is missing`);
  return value;
}

/** Text the document must give. */
export function requiredText(node: unknown, term: string): string {
  const value = text(node);
  if (value === null) throw new Unreadable(`${term} is missing`);
  return value;
}

/** The first 9 digits of a SIRET; null for anything else. */
export function sirenOfSiret(siret: string | null): string | null {
  const digits = siret?.replaceAll(' ', '') ?? '';
  return /^\d{14}$/.test(digits) ? digits.slice(0, 9) : null;
}

/** The price of one unit: BT-146 over BT-149 (the base quantity, 1 when absent or 0). */
export function unitPriceOf(price: string | null, baseQuantity: string | null): string | null {
  if (price === null) return null;
  if (baseQuantity === null || new Decimal(baseQuantity).isZero()) return price;
  return new Decimal(price).div(baseQuantity).toFixed();
}
