import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** Why a file is not well-formed XML, or null when it is. */
export function xmlProblem(text: string): string | null {
  const result = XMLValidator.validate(stripBom(text));
  return result === true ? null : `line ${result.err.line}, column ${result.err.col}: ${result.err.msg}`;
}

function stripBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/**
 * A plain tree without namespace prefixes, every value a string, attributes as `@name`, the text of an
 * element with attributes as `#text`. Call only on text xmlProblem accepted.
 */
export function parseTree(text: string): unknown {
  const parser = new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    ignoreDeclaration: true,
    ignorePiTags: true,
  });
  const tree: unknown = parser.parse(stripBom(text));
  return tree;
}

/** Walks a parsed tree: each step is an element name; the first of repeated elements is taken. */
export function at(tree: unknown, ...path: string[]): unknown {
  let node = tree;
  for (const step of path) {
    if (Array.isArray(node)) node = node[0];
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[step];
  }
  return Array.isArray(node) ? node[0] : node;
}

/** Every occurrence of a child element, whether it occurs once or several times. */
export function all(tree: unknown, name: string): unknown[] {
  const node =
    tree !== null && typeof tree === 'object' ? (tree as Record<string, unknown>)[name] : undefined;
  if (node === undefined) return [];
  return Array.isArray(node) ? node : [node];
}

/** The text of an element (with or without attributes), trimmed; null when absent or empty. */
export function textOf(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() || null;
  if (node !== null && typeof node === 'object') {
    const text = (node as Record<string, unknown>)['#text'];
    return typeof text === 'string' ? text.trim() || null : null;
  }
  return null;
}

export function attributeOf(node: unknown, name: string): string | null {
  if (node === null || typeof node !== 'object') return null;
  const value = (node as Record<string, unknown>)[`@${name}`];
  return typeof value === 'string' ? value : null;
}

export function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}
