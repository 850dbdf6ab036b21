import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { z } from 'zod';

/** A node of the tree being written: an element with attributes and children, or text. */
export type XmlNode = { name: string; attributes?: Record<string, string>; children: (XmlNode | string)[] };

export function element(
  name: string,
  children: (XmlNode | string | null)[] | string,
  attributes?: Record<string, string>,
): XmlNode {
  const list = typeof children === 'string' ? [children] : children.filter((child) => child !== null);
  return attributes ? { name, attributes, children: list } : { name, children: list };
}

function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function escapeAttribute(text: string): string {
  return escapeText(text).replaceAll('"', '&quot;');
}

function write(node: XmlNode | string): string {
  if (typeof node === 'string') return escapeText(node);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`)
    .join('');
  return `<${node.name}${attributes}>${node.children.map(write).join('')}</${node.name}>`;
}

export function serialize(root: XmlNode): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root)}\n`;
}

export class XmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlError';
  }
}

/**
 * Parses XML into a plain tree with namespace prefixes removed, every value kept as a string, attributes
 * as `@name` keys and the text of an element that has attributes as `#text`. `arrays` lists the element
 * names that may repeat, so that one occurrence and several read the same way.
 */
export function parseXml(xml: string, arrays: readonly string[]): unknown {
  // A byte order mark is legal before the declaration (the official CDAR examples carry one) but the
  // validator refuses it.
  const text = xml.startsWith('\uFEFF') ? xml.slice(1) : xml;
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    throw new XmlError(
      `Not well-formed XML (line ${validation.err.line}, column ${validation.err.col}): ${validation.err.msg}`,
    );
  }
  const repeated = new Set(arrays);
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
    isArray: (name) => repeated.has(name),
  });
  const tree: unknown = parser.parse(text);
  return tree;
}

/** The text of an element, whether or not it has attributes. */
export const xmlText = z.union([
  z.string(),
  z.looseObject({ '#text': z.string().optional() }).transform((node) => node['#text'] ?? ''),
]);

/** An element's text and one of its attributes (`schemeID`, `currencyID`, `format`). */
export function xmlTextWith(attribute: string) {
  return z.union([
    z.string().transform((text) => ({ text, attribute: null as string | null })),
    z.looseObject({ '#text': z.string().optional() }).transform((node) => {
      const value = node[`@${attribute}`];
      return { text: node['#text'] ?? '', attribute: typeof value === 'string' ? value : null };
    }),
  ]);
}
