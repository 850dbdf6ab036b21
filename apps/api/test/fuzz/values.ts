import { fc } from '@fast-check/vitest';
import { type JsonObject, type JsonValue, PoolId, RawJson } from './json-text.ts';
import { concrete, isFreeText, numberOf, propertiesOf, requiredOf, type Schema, typeOf } from './openapi.ts';

/**
 * Values for one field, from its schema. A generated value says whether it is `plain`: an
 * ordinary value a client could send (a boundary, a wrong type, a valid example), as opposed to
 * text a validator library might judge differently (odd formats, floats with many decimals). The
 * document alone decides whether a value is valid (see expectations.ts); `plain` only decides
 * whether "valid by the document" must also mean "not refused by the server".
 */
export interface Generated {
  value: JsonValue;
  plain: boolean;
}

const plain = (value: JsonValue): Generated => ({ value, plain: true });
const odd = (value: JsonValue): Generated => ({ value, plain: false });

// --- catalogs

/** Text PostgreSQL cannot store or that is not valid Unicode. */
const unstorableStrings = [
  '\u0000',
  'a\u0000b',
  'name\u0000',
  '\ud800',
  '\udc00',
  'a\ud83d',
  '\ude00b',
  '\udc00\ud800',
  '\u0000\udfff',
];

/** Storable but unusual text: invisible, right-to-left, emoji, control characters, noncharacters. */
const oddStrings = [
  '\u200b',
  'a\u200bb',
  '\ufeffname',
  'a\u200d',
  '\u202eevil',
  '\u200fשלום',
  'مرحبا',
  '😀',
  '👨‍👩‍👧‍👦',
  '🇫🇷',
  'e\u0301',
  'Ω≈ç√∫',
  ' ',
  '  padded  ',
  '\t\r\n',
  '\u0001\u001f',
  '\u007f',
  '\uffff\ufffe',
  'null',
  'undefined',
  'NaN',
  '0',
  'true',
];

const sqlStrings = [
  "' OR '1'='1",
  "'; DROP TABLE companies; --",
  "1' AND pg_sleep(2) IS NULL --",
  '%',
  '_',
  '%_%',
  '\\',
  "\\'",
  '$1',
  "'::jsonb",
  '/*',
  '--',
  '"',
  '`',
];

const htmlStrings = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '&lt;&amp;&#0;',
  '<!--',
  ']]>',
  '{{7*7}}',
  `\${7*7}`,
];

const longStrings = ['a'.repeat(10_000), 'é'.repeat(10_000), '😀'.repeat(5_000), 'ab'.repeat(50_000)];

const unstorable = fc.constantFrom(...unstorableStrings);

/** Odd text of at most `max` UTF-16 units (so at most `max` code points too: no validator disagrees). */
function fitting(texts: string[], max: number): string[] {
  return texts.filter((text) => text.length <= max);
}

// --- numbers

/**
 * Whether a number is one a client writes: finite, at most 4 decimals (the document's rule for
 * amounts), and moderate (a huge amount may break a limit on a document's total, which no field's
 * schema can state).
 */
function isPlainNumber(value: number): boolean {
  if (!Number.isFinite(value) || Math.abs(value) > 1e6) return false;
  const text = String(value);
  if (text.includes('e-')) return false;
  return (text.split('.')[1] ?? '').length <= 4;
}

const number = (value: number): Generated => (isPlainNumber(value) ? plain(value) : odd(value));
/** A number written as given (`1e2`, `-0`, `1e400`): plain when the number it reads as is. */
const written = (text: string): Generated => {
  const value = new RawJson(text);
  return isPlainNumber(Number(text)) || !Number.isFinite(Number(text)) ? plain(value) : odd(value);
};

/** Numbers no schema expects: huge, tiny, negative zero, past double precision. */
const extremeNumbers: Generated[] = [
  number(0),
  written('-0'),
  number(-1),
  number(1e308),
  number(-1e308),
  number(5e-324),
  number(1e-7),
  number(0.1 + 0.2),
  written('123456789.123456789'),
  number(Number.MAX_SAFE_INTEGER),
  written('9007199254740993'),
  written('1e400'),
  written('-1e400'),
  written('1e-400'),
  written('100000000000000000000000000000'),
  written('0.000000000000000000001'),
];

/** The same number in exponent notation: the server must read it as the number it is. */
function exponentForms(value: number): Generated[] {
  return [`${value}e0`, `${value * 10}e-1`, `${value / 10}E1`, `${value}E+0`, `${value}.000`].map((text) =>
    written(text.replace(/\.(\d*)\.000$/, '.$1')),
  );
}

function numberBoundaries(schema: Schema): Generated[] {
  const integer = typeOf(schema) === 'integer';
  const step = integer ? 1 : 0.0001;
  const values: Generated[] = [];
  const minimum = numberOf(schema, 'minimum');
  const maximum = numberOf(schema, 'maximum');
  const exclusiveMinimum = numberOf(schema, 'exclusiveMinimum');
  const exclusiveMaximum = numberOf(schema, 'exclusiveMaximum');
  for (const bound of [minimum, exclusiveMinimum]) {
    if (bound !== undefined)
      values.push(number(bound), number(bound - step), number(bound + step), number(bound - 1));
  }
  for (const bound of [maximum, exclusiveMaximum]) {
    if (bound !== undefined)
      values.push(number(bound), number(bound + step), number(bound - step), number(bound + 1));
  }
  if (integer) values.push(number(1.5), written('2.0'));
  return values;
}

/** A valid number a client would send: a small integer inside the range, never 0. */
function niceNumber(schema: Schema): fc.Arbitrary<number> {
  const low = numberOf(schema, 'minimum') ?? (numberOf(schema, 'exclusiveMinimum') ?? 0) + 1;
  const high = numberOf(schema, 'maximum') ?? numberOf(schema, 'exclusiveMaximum') ?? 1000;
  return fc.integer({ min: Math.max(Math.ceil(low), 1), max: Math.min(Math.floor(high), 50) });
}

// --- strings

/** Ids in bodies and filters name records by their field: `contactId` -> a contact's id. */
const idKinds: Record<string, string> = {
  companyId: 'companies',
  supplierId: 'companies',
  contactId: 'contacts',
  opportunityId: 'opportunities',
  productId: 'products',
  endpointId: 'webhook-endpoints',
};

const kindOfIdField = (name: string): string | undefined => idKinds[name];

const poolId = (kind: string) => fc.nat({ max: 1000 }).map((index) => new PoolId(kind, index));

/** An id of the right shape that no record has. */
export const unknownId = (kind: string) => `${idPrefixes[kind] ?? 'x'}_${'0'.repeat(26)}`;

const idPrefixes: Record<string, string> = {
  companies: 'cmp',
  contacts: 'con',
  events: 'evt',
  invoices: 'inv',
  opportunities: 'opp',
  products: 'prd',
  quotes: 'quo',
  'supplier-invoices': 'sinv',
  'webhook-endpoints': 'whe',
};

const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz');
const word = (min: number, max: number) => fc.string({ unit: letters, minLength: min, maxLength: max });

/**
 * Fields checked beyond their pattern (a checksum, a code list): their valid values, by name,
 * since a string matching the pattern is not necessarily one.
 */
const checkedIdentifiers: Record<string, string[]> = {
  clientSiren: ['552081317', '732 829 320'],
  clientVatNumber: ['FR03552081317', 'fr 44 732 829 320', 'DE123456789'],
  clientCountryCode: ['FR', 'DE', 'CH'],
};

function validString(schema: Schema, name: string): fc.Arbitrary<JsonValue> {
  const own = concrete(schema);
  const kind = kindOfIdField(name);
  if (kind) return poolId(kind);
  const checked = checkedIdentifiers[name];
  if (checked) return fc.constantFrom(...checked);
  if (own.format === 'email') return fc.nat().map((n) => `fuzz.${n}@example.com`);
  if (own.format === 'uri') return word(1, 12).map((path) => `https://hooks.example.com/${path}`);
  if (own.format === 'date-time') {
    return fc
      .date({
        min: new Date('1970-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (typeof own.pattern === 'string') return fc.stringMatching(new RegExp(own.pattern));
  const min = Math.max(numberOf(own, 'minLength') ?? 0, 1);
  const max = Math.min(numberOf(own, 'maxLength') ?? 40, 40);
  return word(min, Math.max(min, max));
}

function stringBoundaries(schema: Schema): Generated[] {
  const values: Generated[] = [];
  const min = numberOf(schema, 'minLength');
  const max = numberOf(schema, 'maxLength');
  if (min !== undefined) {
    values.push(plain('x'.repeat(min)));
    if (min > 0) values.push(plain('x'.repeat(min - 1)));
  }
  if (max !== undefined)
    values.push(plain('é'.repeat(max)), plain('x'.repeat(max)), plain('x'.repeat(max + 1)));
  return values;
}

/** Values the format's validators may judge differently from the server: never `plain`. */
const formatOddities: Record<string, string[]> = {
  email: [
    'a@',
    '@example.com',
    'a b@example.com',
    'a@b',
    'é@example.com',
    'UPPER@EXAMPLE.COM',
    `${'a'.repeat(188)}@example.com`,
    `${'a'.repeat(189)}@example.com`,
    'a@example.com\n',
  ],
  uri: [
    'http://hooks.example.com/',
    'https://127.0.0.1/',
    'https://localhost/',
    'https://[::1]/',
    'https://10.0.0.1/',
    'https://169.254.169.254/latest/meta-data',
    'javascript:alert(1)',
    'file:///etc/passwd',
    'ftp://hooks.example.com/',
    'not a url',
    'https://user:pass@hooks.example.com/',
    'https://hooks.example.com:99999/',
    'https://café.example.com/',
    `https://hooks.example.com/${'a'.repeat(2022)}`,
    `https://hooks.example.com/${'a'.repeat(2023)}`,
  ],
  'date-time': [
    '2024-13-01T00:00:00Z',
    '2024-02-30T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2024-01-01',
    'yesterday',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999Z',
    '+275760-09-13T00:00:00.000Z',
    '2024-01-01T00:00:00+25:00',
    '2024-01-01T24:00:00Z',
    '1969-12-31T23:59:59.999999999Z',
  ],
};

function wrongTypes(type: string | undefined): Generated[] {
  const all: Record<string, JsonValue[]> = {
    string: [42, 0, true, null, [], {}, ['a'], { a: 'b' }],
    number: ['5', '', 'abc', '1e2', 'NaN', 'Infinity', true, null, [], {}, [5]],
    integer: ['5', '', '1.5', true, null, [], {}, [5]],
    boolean: ['true', 'false', 1, 0, null, [], {}],
    array: [{}, 'a', 1, null, true, [[]], [null], [1]],
    object: [[], 'a', 1, null, true],
  };
  return (all[type ?? 'object'] ?? all.object ?? []).map(plain);
}

// --- valid values and mutations

/** A valid value for a schema, of the kind a careful client sends (the document says it is valid). */
export function validValue(schema: Schema, name = ''): fc.Arbitrary<JsonValue> {
  const own = concrete(schema);
  if (Array.isArray(own.enum)) return fc.constantFrom(...(own.enum as JsonValue[]));
  if (own.const !== undefined) return fc.constant(own.const as JsonValue);
  switch (typeOf(own)) {
    case 'object':
      return validObject(own);
    case 'array': {
      const items = (own.items as Schema | undefined) ?? {};
      const min = Math.max(numberOf(own, 'minItems') ?? 0, 1);
      const max = Math.min(numberOf(own, 'maxItems') ?? 3, 3);
      if (Array.isArray(concrete(items).enum)) {
        return fc.uniqueArray(
          fc.constantFrom(...(concrete(items).enum as string[]).filter((value) => value !== '*')),
          {
            minLength: min,
            maxLength: Math.max(min, max),
          },
        );
      }
      return fc.array(validValue(items, name), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'string':
      return validString(own, name);
    case 'integer':
    case 'number':
      return niceNumber(own);
    case 'boolean':
      return fc.boolean();
    default:
      return fc.constant(null);
  }
}

/** Every required property, and each optional one half the time. */
function validObject(schema: Schema): fc.Arbitrary<JsonObject> {
  const required = new Set(requiredOf(schema));
  const entries = Object.entries(propertiesOf(schema)).map(([name, property]) =>
    required.has(name)
      ? validValue(property, name).map((value): [string, JsonValue][] => [[name, value]])
      : fc
          .option(validValue(property, name), { nil: undefined })
          .map((value): [string, JsonValue][] => (value === undefined ? [] : [[name, value]])),
  );
  return fc.tuple(...entries).map((parts) => Object.fromEntries(parts.flat()));
}

/** `count` copies of a valid item (distinct values for an array of enum strings). */
function itemsOf(items: Schema, count: number): JsonValue[] {
  const own = concrete(items);
  if (Array.isArray(own.enum)) {
    const values = own.enum as string[];
    return Array.from({ length: count }, (_, index) => values[index % values.length] ?? '');
  }
  const example = fc.sample(validValue(items), { numRuns: 1, seed: count })[0] ?? null;
  return Array.from({ length: count }, () => example);
}

function arrayBoundaries(schema: Schema): Generated[] {
  const items = (schema.items as Schema | undefined) ?? {};
  const values: Generated[] = [plain([]), odd(itemsOf(items, 10_000))];
  for (const count of [numberOf(schema, 'minItems'), numberOf(schema, 'maxItems')]) {
    if (count === undefined) continue;
    for (const size of [count - 1, count, count + 1]) if (size >= 0) values.push(plain(itemsOf(items, size)));
  }
  return values;
}

function enumVariants(values: JsonValue[]): Generated[] {
  const strings = values.filter((value): value is string => typeof value === 'string');
  return [
    ...values.map(plain),
    ...strings.flatMap((value) => [value.toLowerCase(), `${value} `, `${value}\u0000`].map(plain)),
    plain(''),
    plain('UNKNOWN'),
  ].filter((candidate) => candidate.value !== '' || !values.includes(''));
}

/** What a mutation of one field can set it to, from its schema: the fuzzer's catalog for that field. */
export function fieldValues(schema: Schema, name = ''): fc.Arbitrary<Generated> {
  const own = concrete(schema);
  const type = typeOf(own);
  const maxLength = numberOf(own, 'maxLength') ?? 10_000;
  const choices: fc.Arbitrary<Generated>[] = [
    validValue(schema, name).map(plain),
    fc.constantFrom(...wrongTypes(type)),
    fc.constantFrom(...extremeNumbers),
  ];
  if (Array.isArray(own.enum)) choices.push(fc.constantFrom(...enumVariants(own.enum as JsonValue[])));
  if (type === 'string') {
    const asText = isFreeText(own) ? plain : odd;
    const texts = [...oddStrings, ...sqlStrings, ...htmlStrings];
    choices.push(
      unstorable.map(plain),
      fc.constantFrom(...fitting(texts, maxLength).map(asText), odd('\u200b')),
      fc.constantFrom(...longStrings).map(odd),
    );
    const boundaries = stringBoundaries(own);
    if (boundaries.length > 0) choices.push(fc.constantFrom(...boundaries));
    const oddities = formatOddities[String(own.format)];
    if (oddities) choices.push(fc.constantFrom(...oddities).map(odd));
    const kind = kindOfIdField(name);
    if (kind) {
      choices.push(
        fc.constantFrom(plain(unknownId(kind)), plain('x'.repeat(65)), plain('')),
        fc.constantFrom(...Object.keys(idPrefixes)).chain((other) => poolId(other).map(plain)),
      );
    }
  }
  if (type === 'number' || type === 'integer') {
    choices.push(
      fc.constantFrom(...numberBoundaries(own)),
      niceNumber(own).chain((n) => fc.constantFrom(...exponentForms(n))),
    );
  }
  if (type === 'array') choices.push(fc.constantFrom(...arrayBoundaries(own)));
  return fc.oneof(...choices);
}

// --- whole bodies

/** Field names that are not in any schema; the prototype ones are never `plain`. */
export const extraKeys: Generated[] = [
  plain('extra'),
  plain('id'),
  plain('workspaceId'),
  plain('createdAt'),
  odd('__proto__'),
  odd('constructor'),
  odd('prototype'),
  odd('toString'),
  odd('hasOwnProperty'),
  plain('a\u0000b'),
  plain('\ud800'),
  odd('k'.repeat(10_000)),
  odd('😀'),
];

/**
 * `depth` levels of nesting, arrays or objects, around a value, as JSON text (a value that deep
 * would overflow the stack of any recursive serializer, ours included).
 */
export function nested(depth: number, bottom: string, objects: boolean): RawJson {
  const bottomText = JSON.stringify(bottom);
  return new RawJson(
    objects
      ? `${'{"a":'.repeat(depth)}${bottomText}${'}'.repeat(depth)}`
      : `${'['.repeat(depth)}${bottomText}${']'.repeat(depth)}`,
  );
}

export const extraValues: fc.Arbitrary<Generated> = fc.oneof(
  fc.constantFrom(plain('x'), plain(1), plain(null), plain(true), plain({ a: 1 }), plain([1, 2])),
  fc.constantFrom(odd(JSON.parse('{"__proto__":{"polluted":true}}') as JsonValue)),
  fc
    .constantFrom(10, 100, 1_000, 10_000, 100_000)
    .chain((depth) =>
      fc
        .tuple(fc.boolean(), fc.constantFrom('x', '\u0000', '\ud800'))
        .map(([objects, bottom]) => odd(nested(depth, bottom, objects))),
    ),
  unstorable.map(plain),
);

/** JSON text that does not parse (or parses to something no body is). */
export const malformedJson = [
  '{',
  '}',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '{"a":1} x',
  '{"a" 1}',
  '{a:1}',
  'NaN',
  'undefined',
  '{"a":01}',
  '{"a":.5}',
  '{"a":1e}',
  '{"a":"\\x41"}',
  '{"a":"\\u12"}',
  '{"a":"unterminated}',
  '\ufeff{}',
  '[',
  '"',
  '{"a":"line\nbreak"}',
  '{"a":[1,2}',
  `${'['.repeat(100_000)}`,
  '/* comment */ {}',
];

/** Bodies that are JSON but not an object. */
export const nonObjectBodies: JsonValue[] = [[], 'string', 42, true, null, 0, '', [{}], [[]], -1.5];

/** Media types a JSON body may be sent under, and whether each names JSON. */
export const contentTypes: { type: string | undefined; json: boolean }[] = [
  { type: 'application/json; charset=utf-8', json: true },
  { type: 'application/json;charset=UTF-8', json: true },
  { type: 'Application/JSON', json: true },
  { type: 'application/json; charset=iso-8859-1', json: false },
  { type: 'text/plain', json: false },
  { type: 'application/x-www-form-urlencoded', json: false },
  { type: 'multipart/form-data; boundary=x', json: false },
  { type: 'application/xml', json: false },
  { type: 'application/vnd.api+json', json: false },
  { type: 'application/jsonx', json: false },
  { type: '', json: false },
  { type: undefined, json: false },
];
