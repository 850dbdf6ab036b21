/**
 * JSON as the fuzzer writes it. Plain values, plus what JSON.stringify cannot say: a number
 * written as given (`1e2`, `1e400`), an object whose keys repeat, and a reference to a real
 * record's id that is only known when the request is sent.
 */
export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | JsonObject
  | RawJson
  | DuplicateKeys
  | PoolId;

export interface JsonObject {
  [key: string]: JsonValue;
}

/** JSON text written verbatim: exponent notation, out-of-range numbers. */
export class RawJson {
  readonly text: string;
  constructor(text: string) {
    this.text = text;
  }
}

/** An object written with its entries as given, repeated keys included (JSON.parse keeps the last). */
export class DuplicateKeys {
  readonly entries: [string, JsonValue][];
  constructor(entries: [string, JsonValue][]) {
    this.entries = entries;
  }
}

/** The id of a real record of a kind (`quotes`), the `index`-th of those known when sent (or of those deleted). */
export class PoolId {
  readonly kind: string;
  readonly index: number;
  readonly deleted: boolean;
  constructor(kind: string, index: number, deleted = false) {
    this.kind = kind;
    this.index = index;
    this.deleted = deleted;
  }
}

export type ResolveId = (ref: PoolId) => string;

/**
 * The JSON text of a value. Strings go through JSON.stringify, which writes U+0000 as `\u0000`
 * and a lone surrogate as the six characters `\ud800`: the escape, not the character, reaches
 * the wire (a raw lone surrogate would be sent as U+FFFD by the UTF-8 encoder).
 */
export function jsonText(value: JsonValue, resolve: ResolveId): string {
  if (value instanceof RawJson) return value.text;
  if (value instanceof PoolId) return JSON.stringify(resolve(value));
  if (value instanceof DuplicateKeys) {
    return `{${value.entries.map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item, resolve)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map((item) => jsonText(item, resolve)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item, resolve)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** An object with one more own field; `__proto__` stays a field (never the prototype). */
export function withField(object: JsonObject, key: string, value: JsonValue): JsonObject {
  return Object.fromEntries([...Object.entries(object).filter(([name]) => name !== key), [key, value]]);
}

export function withoutField(object: JsonObject, key: string): JsonObject {
  return Object.fromEntries(Object.entries(object).filter(([name]) => name !== key));
}

export function isJsonObject(value: unknown): value is JsonObject {
  return (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof RawJson) &&
    !(value instanceof DuplicateKeys) &&
    !(value instanceof PoolId)
  );
}

/** Text PostgreSQL cannot store (U+0000) or that is not valid Unicode (an unpaired surrogate). */
export function isUnstorable(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/** Whether a parsed JSON value holds unstorable text in any string or key, however deep. */
export function holdsUnstorableText(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node === 'string') {
      if (isUnstorable(node)) return true;
    } else if (Array.isArray(node)) {
      stack.push(...node);
    } else if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (isUnstorable(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}
