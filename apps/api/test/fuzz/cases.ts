import { fc } from '@fast-check/vitest';
import {
  DuplicateKeys,
  holdsUnstorableText,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  PoolId,
  withField,
  withoutField,
} from './json-text.ts';
import { type Operation, type Parameter, type Slot, slotsOf } from './openapi.ts';
import {
  contentTypes,
  extraKeys,
  extraValues,
  fieldValues,
  malformedJson,
  nonObjectBodies,
  unknownId,
  validValue,
} from './values.ts';

/**
 * One generated request, before it is written for a transport: what each part holds and which
 * mutation made it. Ids of real records are PoolId references, resolved when sent.
 */
export interface FuzzCase {
  path: Record<string, PathValue>;
  query: [string, QueryValue][];
  /**
   * The Idempotency-Key header: `unique` is a key never sent before (made when the request is
   * written); a given text may have been sent before, so its answer may be a replay.
   */
  idempotencyKey: { unique: true } | { text: string } | undefined;
  auth: Auth;
  body: Body;
  /** Every value in it is one a client could write (see values.ts `Generated`). */
  plain: boolean;
  /** What was changed from a valid request, for the report: `body.set lines.0.title`. */
  mutation: string;
  /** Where a field the operation does not define was added to a valid body (`lines.0.Title`). */
  unknownField?: string;
}

/** A path parameter: a real record's id (maybe altered), or text written on the wire as is. */
export type PathValue = { real: PoolId; alter?: 'upper' | 'suffix' | 'prefix' } | { raw: string };

/** A query parameter: a value (written as text), wire text as is, the name repeated, or the name alone. */
export type QueryValue = { value: JsonValue } | { raw: string } | { repeat: JsonValue[] } | { bare: true };

export type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: JsonValue; contentType?: string | undefined; padded?: boolean }
  /** Text sent as is (malformed JSON); `latin1` writes each character as one byte (invalid UTF-8). */
  | { kind: 'text'; text: string; contentType?: string | undefined; latin1?: boolean };

/** The Authorization header: the key with every scope, or a broken one and the codes the rulings give it. */
export type Auth =
  | { kind: 'valid' }
  | { kind: 'revoked' }
  | { kind: 'expired' }
  | { kind: 'mistyped' }
  | { kind: 'header'; value: string | undefined; codes: string[] };

const base62 = fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
const base62String = (length: number) => fc.string({ unit: base62, minLength: length, maxLength: length });

/** Broken keys, with the code each must get (api-v1.md section 5, rulings "Auth and limits"). */
const brokenAuth: fc.Arbitrary<Auth> = fc.oneof(
  fc.constant<Auth>({ kind: 'header', value: undefined, codes: ['missing_authorization'] }),
  fc.constantFrom<Auth>(
    { kind: 'header', value: 'Bearer', codes: ['missing_authorization', 'invalid_key_format'] },
    { kind: 'header', value: 'Bearer ', codes: ['missing_authorization', 'invalid_key_format'] },
    { kind: 'header', value: 'Basic dXNlcjpwYXNz', codes: ['invalid_key_format'] },
    { kind: 'header', value: 'svc_live_0123456789abcdefghijABCDEFGHIJ', codes: ['invalid_key_format'] },
    { kind: 'header', value: 'Bearer svc_live_', codes: ['invalid_key_format'] },
    { kind: 'header', value: `Bearer svc_live_${'é'.repeat(38)}`, codes: ['invalid_key_format'] },
    { kind: 'header', value: `Bearer svc_live_${'a-'.repeat(19)}`, codes: ['invalid_key_format'] },
    { kind: 'revoked' },
    { kind: 'expired' },
    { kind: 'mistyped' },
  ),
  base62String(31).map<Auth>((tail) => ({
    kind: 'header',
    value: `Bearer svc_live_${tail}`,
    codes: ['invalid_key_format'],
  })),
  base62String(32).map<Auth>((tail) => ({
    kind: 'header',
    value: `Bearer svc_test_${tail}`,
    codes: ['invalid_key_format'],
  })),
  // The key's shape (`svc_live_` and 32 or more base62): unknown, bad checksum or another length.
  fc
    .constantFrom(32, 38, 39, 60)
    .chain(base62String)
    .map<Auth>((tail) => ({ kind: 'header', value: `Bearer svc_live_${tail}`, codes: ['invalid_key'] })),
);

// --- path

/** Path ids that name nothing: bad percent-encodings, NUL, traversal, long, unicode, other shapes. */
const hostileIds = [
  '%00',
  'cmp_%00',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '..%2f..%2fcompanies',
  '..%2F',
  '%2e%2e',
  '..',
  '%2f',
  '%252e%252e',
  '*',
  '%0d%0aX-Injected:%201',
  '%09',
  '%20',
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent('<script>alert(1)</script>'),
  encodeURIComponent('café'),
  encodeURIComponent('😀'),
  encodeURIComponent('\u202eevil'),
  encodeURIComponent('\u200b'),
  'x'.repeat(300),
  'x'.repeat(10_000),
  'null',
  'undefined',
  '0',
  '-1',
  '1e3',
  '__proto__',
  'constructor',
];

function pathValue(operation: Operation): fc.Arbitrary<PathValue> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...hostileIds).map((raw): PathValue => ({ raw })) },
    { weight: 1, arbitrary: fc.constant<PathValue>({ raw: unknownId(operation.resource) }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.nat({ max: 1000 }),
          fc.constantFrom<'upper' | 'suffix' | 'prefix'>('upper', 'suffix', 'prefix'),
        )
        .map(([index, alter]): PathValue => ({ real: new PoolId(operation.resource, index), alter })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('companies', 'contacts', 'products', 'quotes', 'invoices', 'events'),
          fc.nat({ max: 1000 }),
        )
        .filter(([kind]) => kind !== operation.resource)
        .map(([kind, index]): PathValue => ({ real: new PoolId(kind, index) })),
    },
  );
}

const realPath = (operation: Operation): fc.Arbitrary<Record<string, PathValue>> =>
  fc.record(
    Object.fromEntries(
      operation.pathParams.map((parameter) => [
        parameter.name,
        fc.nat({ max: 1000 }).map((index): PathValue => ({ real: new PoolId(operation.resource, index) })),
      ]),
    ),
  );

const hostilePath = (operation: Operation): fc.Arbitrary<Record<string, PathValue>> =>
  fc.record(
    Object.fromEntries(operation.pathParams.map((parameter) => [parameter.name, pathValue(operation)])),
  );

// --- query

/** Query text that does not decode, or decodes to something odd. */
const rawQueryValues = [
  '%ZZ',
  '%',
  '%0',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '%00',
  'a%00b',
  '%u0041',
  '%2B',
  '%26x%3D1',
  '%23',
  '+',
];

const validQuery = (operation: Operation): fc.Arbitrary<[string, QueryValue][]> =>
  fc
    .tuple(
      ...operation.query.map((parameter) =>
        fc
          .option(validValue(parameter.schema, parameter.name), { nil: undefined, freq: 2 })
          .map((value) => (value === undefined ? [] : [[parameter.name, { value }] as [string, QueryValue]])),
      ),
    )
    .map((parts) => parts.flat());

function queryMutation(
  operation: Operation,
): fc.Arbitrary<{ query: [string, QueryValue][]; plain: boolean; mutation: string }> {
  const names = operation.query.map((parameter) => parameter.name);
  const setOne = fc.constantFrom(...operation.query).chain((parameter: Parameter) =>
    fieldValues(parameter.schema, parameter.name).map((generated) => ({
      name: parameter.name,
      value: { value: generated.value } as QueryValue,
      plain: generated.plain,
      mutation: `query.set ${parameter.name}`,
    })),
  );
  const rawOne = fc
    .tuple(fc.constantFrom(...names, 'q', 'unknown'), fc.constantFrom(...rawQueryValues))
    .map(([name, raw]) => ({
      name,
      value: { raw } as QueryValue,
      plain: true,
      mutation: `query.raw ${name}`,
    }));
  const shapes = fc
    .tuple(fc.constantFrom(...names), fc.nat({ max: 100 }))
    .chain(([name, n]) =>
      fc.constantFrom(
        { name, value: { repeat: [n, n + 1] } as QueryValue, plain: false, mutation: `query.repeat ${name}` },
        { name, value: { bare: true } as QueryValue, plain: false, mutation: `query.bare ${name}` },
        { name, value: { value: '' } as QueryValue, plain: false, mutation: `query.empty ${name}` },
      ),
    );
  const unknown = fc.constantFrom(...extraKeys).chain((key) =>
    fc.constantFrom<JsonValue>('1', 'x').map((value) => ({
      name: String(key.value),
      value: { value } as QueryValue,
      plain: key.plain,
      mutation: 'query.unknown',
    })),
  );
  return fc
    .tuple(validQuery(operation), fc.oneof(setOne, rawOne, shapes, unknown))
    .map(([query, change]) => ({
      query: [...query.filter(([name]) => name !== change.name), [change.name, change.value]],
      plain: change.plain,
      mutation: change.mutation,
    }));
}

// --- headers

const idempotencyKey: fc.Arbitrary<{ key: FuzzCase['idempotencyKey']; plain: boolean }> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ key: { unique: true as const }, plain: true }) },
  fc.constantFrom(
    ...[
      'fuzz-replay-1',
      'fuzz-replay-2',
      'k'.repeat(7),
      'k'.repeat(8),
      'k'.repeat(255),
      'k'.repeat(256),
      'k'.repeat(4000),
      '',
    ].map((text) => ({ key: { text }, plain: true })),
    ...['é'.repeat(10), '  spaced key  ', 'key\twith\ttabs', "'; DROP TABLE idempotency; --"].map((text) => ({
      key: { text },
      plain: false,
    })),
  ),
);

const declaresIdempotency = (operation: Operation) =>
  operation.headers.some((parameter) => parameter.name.toLowerCase() === 'idempotency-key');

// --- body

/** A copy of `value` with `path` set to `next` (objects on the way made as needed), or removed. */
function setAt(value: JsonValue, path: (string | number)[], next: JsonValue | undefined): JsonValue {
  const [head, ...rest] = path;
  if (head === undefined) return next ?? null;
  if (typeof head === 'number' && Array.isArray(value)) {
    const copy = [...value];
    copy[head] = setAt(copy[head] ?? {}, rest, next);
    return copy;
  }
  const object = isJsonObject(value) ? value : {};
  const key = String(head);
  if (rest.length === 0) return next === undefined ? withoutField(object, key) : withField(object, key, next);
  return withField(object, key, setAt(object[key] ?? {}, rest, next));
}

const slotName = (slot: Slot) => slot.path.join('.');
const lastName = (slot: Slot) => String(slot.path.filter((part) => typeof part === 'string').at(-1) ?? '');

interface BodyChoice {
  body: Body;
  plain: boolean;
  mutation: string;
}

function bodyMutation(operation: Operation): fc.Arbitrary<BodyChoice> {
  const schema = operation.body ?? {};
  const valid = validValue(schema);
  const slots = slotsOf(schema);
  const json = (value: JsonValue, extra: Partial<Body & { kind: 'json' }> = {}): Body => ({
    kind: 'json',
    value,
    ...extra,
  });
  const validBody = valid.map(
    (value): BodyChoice => ({ body: json(value), plain: true, mutation: 'body.valid' }),
  );
  const choices: { weight: number; arbitrary: fc.Arbitrary<BodyChoice> }[] = [
    { weight: 3, arbitrary: validBody },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...nonObjectBodies)).map(([example, value]) => ({
        body: json(Array.isArray(value) && isJsonObject(value[0]) ? [example] : value),
        plain: true,
        mutation: 'body.not-an-object',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...malformedJson).map((text) => ({
        body: { kind: 'text', text, contentType: 'application/json' } as Body,
        plain: true,
        mutation: 'body.malformed',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<BodyChoice>(
        {
          body: { kind: 'text', text: '', contentType: 'application/json' },
          plain: true,
          mutation: 'body.empty',
        },
        { body: { kind: 'none' }, plain: true, mutation: 'body.absent' },
        {
          body: { kind: 'text', text: '{"name":"\xe9"}', contentType: 'application/json', latin1: true },
          plain: true,
          mutation: 'body.invalid-utf8',
        },
        {
          body: {
            kind: 'text',
            text: '{"name":"\xed\xa0\x80"}',
            contentType: 'application/json',
            latin1: true,
          },
          plain: true,
          mutation: 'body.invalid-utf8',
        },
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.constantFrom(...contentTypes)).map(([value, type]) => ({
        body: json(value, { contentType: type.type }),
        plain: type.json,
        mutation: `body.content-type ${type.type ?? '(none)'}`,
      })),
    },
    {
      weight: 1,
      arbitrary: valid.map((value) => ({
        body: json(value, { padded: true }),
        plain: true,
        mutation: 'body.whitespace',
      })),
    },
    {
      weight: 1,
      arbitrary: valid.map((value) => ({
        body: json(isJsonObject(value) ? withField(value, 'padding', 'a'.repeat(1024 * 1024 + 10)) : value),
        plain: true,
        mutation: 'body.too-large',
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(valid, fc.constantFrom(...extraKeys), extraValues).map(([value, key, extra]) => ({
        body: json(isJsonObject(value) ? withField(value, String(key.value), extra.value) : value),
        plain: key.plain && extra.plain,
        mutation: 'body.extra-field',
      })),
    },
  ];
  if (slots.length > 0) {
    const slot = fc.constantFrom(...slots);
    choices.push(
      {
        weight: 6,
        arbitrary: fc.tuple(valid, slot).chain(([value, target]) =>
          fieldValues(target.schema, lastName(target)).map((generated) => ({
            body: json(setAt(value, target.path, generated.value)),
            plain: generated.plain,
            mutation: `body.set ${slotName(target)}`,
          })),
        ),
      },
      {
        weight: 2,
        arbitrary: fc.tuple(valid, slot).map(([value, target]) => ({
          body: json(setAt(value, target.path, undefined)),
          plain: true,
          mutation: `body.remove ${slotName(target)}`,
        })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(valid, slot, fc.boolean()).chain(([value, target, first]) =>
          fieldValues(target.schema, lastName(target)).map((generated) => ({
            body: json(duplicated(value, target, generated.value, first)),
            plain: false,
            mutation: `body.duplicate-key ${slotName(target)}`,
          })),
        ),
      },
    );
  }
  return fc.oneof(...choices);
}

/** The valid body with the slot's top-level field written twice: the odd value first or last. */
function duplicated(value: JsonValue, slot: Slot, odd: JsonValue, first: boolean): JsonValue {
  if (!isJsonObject(value)) return value;
  const key = String(slot.path[0]);
  const changed = setAt(value, slot.path, odd);
  const oddEntry: [string, JsonValue] = [key, isJsonObject(changed) ? (changed[key] ?? null) : null];
  const entries = Object.entries(value);
  return new DuplicateKeys(first ? [oddEntry, ...entries] : [...entries, oddEntry]);
}

// --- the whole case

const base = (operation: Operation) =>
  fc.record({
    path: realPath(operation),
    query: validQuery(operation),
    body: operation.body
      ? validValue(operation.body).map((value): Body => ({ kind: 'json', value }))
      : fc.constant<Body>({ kind: 'none' }),
  });

/**
 * The cases of one operation: a valid request with one part changed (its body most often, then
 * its path id, query, Idempotency-Key or key), and now and then several parts at once.
 */
export function casesFor(operation: Operation): fc.Arbitrary<FuzzCase> {
  const valid = (changes: Partial<FuzzCase> & { mutation: string }) =>
    base(operation).map(
      (request): FuzzCase => ({
        idempotencyKey: undefined,
        auth: { kind: 'valid' },
        plain: true,
        ...request,
        ...changes,
      }),
    );
  const variants: { weight: number; arbitrary: fc.Arbitrary<FuzzCase> }[] = [
    { weight: 2, arbitrary: valid({ mutation: 'valid' }) },
    {
      weight: 1,
      arbitrary: brokenAuth.chain((auth) =>
        valid({ auth, mutation: `auth ${auth.kind === 'header' ? auth.codes.join('|') : auth.kind}` }),
      ),
    },
  ];
  if (operation.body) {
    variants.push({
      weight: 10,
      arbitrary: bodyMutation(operation).chain(({ body, plain, mutation }) =>
        valid({ body, plain, mutation }),
      ),
    });
  } else if (operation.method !== 'GET') {
    // An operation without a body (DELETE, send): a stray body must not break it.
    variants.push({
      weight: 1,
      arbitrary: fc
        .constantFrom<JsonValue>({}, [], 'x', null, { extra: '\u0000' })
        .chain((value) => valid({ body: { kind: 'json', value }, plain: false, mutation: 'body.stray' })),
    });
  }
  if (operation.pathParams.length > 0) {
    variants.push({
      weight: 2,
      arbitrary: hostilePath(operation).chain((path) => valid({ path, mutation: 'path.id' })),
    });
  }
  if (operation.query.length > 0) {
    variants.push({
      weight: 6,
      arbitrary: queryMutation(operation).chain(({ query, plain, mutation }) =>
        valid({ query, plain, mutation }),
      ),
    });
  }
  if (declaresIdempotency(operation)) {
    variants.push({
      weight: 2,
      arbitrary: idempotencyKey.chain(({ key, plain }) =>
        valid({ idempotencyKey: key, plain, mutation: 'header.idempotency-key' }),
      ),
    });
  }
  const single = fc.oneof(...variants);
  // Several parts changed at once: the body, auth and key of one case, the path of a second, the query of a third.
  const several = fc.tuple(single, single, single).map(([a, b, c]): FuzzCase => {
    const path = b.mutation.startsWith('path') ? b : a;
    const query = c.mutation.startsWith('query') ? c : a;
    const key = a.idempotencyKey || !b.idempotencyKey ? a : b;
    const auth = a.auth.kind !== 'valid' || b.auth.kind === 'valid' ? a : b;
    const used = [...new Set([a, path, query, key, auth])].filter((part) => part.mutation !== 'valid');
    return {
      path: path.path,
      query: query.query,
      idempotencyKey: key.idempotencyKey,
      auth: auth.auth,
      body: a.body,
      plain: used.every((part) => part.plain),
      mutation: used.map((part) => part.mutation).join(' + ') || 'valid',
    };
  });
  return fc.oneof({ weight: 5, arbitrary: single }, { weight: 1, arbitrary: several }).map(printable);
}

/** Long texts cut short: fast-check prints the counterexample, and a case can hold a megabyte. */
function printable(fuzzCase: FuzzCase): FuzzCase {
  const shorten = (_key: string, value: unknown) =>
    typeof value === 'string' && value.length > 200
      ? `${value.slice(0, 200)}… (${value.length} chars)`
      : value;
  return Object.defineProperty(fuzzCase, fc.toStringMethod, {
    value: () => JSON.stringify(fuzzCase, shorten),
    enumerable: false,
  });
}

/** Every object in a JSON value (the value itself, lines, an address), with its path. */
function objectsIn(
  value: JsonValue,
  path: (string | number)[] = [],
): { path: (string | number)[]; object: JsonObject }[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => objectsIn(item, [...path, index]));
  if (!isJsonObject(value)) return [];
  return [
    { path, object: value },
    ...Object.entries(value).flatMap(([key, child]) => objectsIn(child, [...path, key])),
  ];
}

/** A name no operation defines (every field of the contract starts with a lower-case letter). */
const strayName = fc.oneof(
  fc.constantFrom('Title', 'ClientCompany', '_id', 'Quantity', 'X-Trace', 'Ttl'),
  fc.stringMatching(/^[A-Z_][A-Za-z]{0,11}$/),
);

/**
 * Issue 32: the cases of the operations that take a body, each generated body that is a JSON
 * object given one more field the operation does not define, in any of its objects (a line, an
 * address). The oracle's schema says additionalProperties: false, so each is refused; when the
 * body was otherwise valid, the refusal names the field.
 */
export function unknownFieldCases(
  operations: Operation[],
): fc.Arbitrary<{ operation: Operation; fuzzCase: FuzzCase }> {
  const withBodies = operations.filter((operation) => operation.body !== undefined);
  return fc
    .constantFrom(...withBodies)
    .chain((operation) =>
      fc.tuple(fc.constant(operation), casesFor(operation), fc.nat(), strayName, extraValues),
    )
    .map(([operation, fuzzCase, at, name, value]) => {
      const body = fuzzCase.body;
      if (body.kind !== 'json') return { operation, fuzzCase };
      const objects = objectsIn(body.value);
      const target = objects[at % Math.max(objects.length, 1)];
      if (!target || name in target.object) return { operation, fuzzCase };
      const field = [...target.path, name];
      return {
        operation,
        fuzzCase: {
          ...fuzzCase,
          body: { ...body, value: setAt(body.value, field, value.value) },
          plain: fuzzCase.plain && value.plain,
          mutation: `${fuzzCase.mutation} + unknown ${field.join('.')}`,
          // Otherwise valid, the body is refused for that field alone, which the refusal names.
          ...(fuzzCase.mutation === 'valid' && value.plain && !holdsUnstorableText(value.value)
            ? { unknownField: field.join('.') }
            : {}),
        },
      };
    });
}
