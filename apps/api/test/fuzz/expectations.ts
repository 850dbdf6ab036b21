import type { FuzzCase, QueryValue } from './cases.ts';
import { holdsUnstorableText, isUnstorable, jsonText, type ResolveId } from './json-text.ts';
import type { Operation, Parameter, Schema } from './openapi.ts';
import { decodeLeniently, pathText, type WireRequest } from './send.ts';
import type { Validators } from './validators.ts';

/**
 * What the contract says about one request, worked out from what was sent (never from what the
 * generator meant): which parts are wrong and with which codes the rulings refuse them, and
 * whether the request is one the document says is valid.
 */
export interface Expectation {
  /**
   * The request is wrong: the answer must be a refusal with one of these codes (and the status the
   * table gives it), or with any code (`any`) when another part is one the contract leaves open.
   */
  refusedWith: string[] | 'any' | undefined;
  /** Why, part by part: `body: lines.0.quantity must be > 0`. */
  reasons: string[];
  /** Valid by the document and made of plain values: no 400, 401, 403, 413 or 415. */
  acceptable: boolean;
}

type Verdict =
  | { state: 'valid' }
  | { state: 'unknown'; why: string }
  | { state: 'invalid'; codes: string[]; why: string };

const valid: Verdict = { state: 'valid' };
const unknown = (why: string): Verdict => ({ state: 'unknown', why });
const invalid = (codes: string[], why: string): Verdict => ({ state: 'invalid', codes, why });

export interface ExpectationContext {
  validators: Validators;
  resolve: ResolveId;
  /** Whether an id names a record of that kind that was not deleted. */
  isLive: (kind: string, id: string) => boolean;
  maxBodyBytes: number;
}

export function expectationOf(
  operation: Operation,
  fuzzCase: FuzzCase,
  wire: WireRequest,
  context: ExpectationContext,
): Expectation {
  const trpc = wire.transport === 'trpc';
  const verdicts: [string, Verdict][] = [
    ['auth', authVerdict(fuzzCase)],
    ...operation.pathParams.map((parameter): [string, Verdict] => [
      `path ${parameter.name}`,
      pathVerdict(operation, fuzzCase, parameter, trpc, context),
    ]),
    ...queryVerdicts(operation, fuzzCase.query, trpc, context),
    ['Idempotency-Key', idempotencyVerdict(operation, fuzzCase, wire, context)],
    [
      'URL',
      wire.url.length > 8_000 ? unknown(`${wire.url.length} characters, past what servers read`) : valid,
    ],
    ['body', bodyVerdict(operation, wire, context)],
  ];
  const wrong = verdicts.filter(([, verdict]) => verdict.state === 'invalid');
  const open = verdicts.some(([, verdict]) => verdict.state === 'unknown');
  const codes = new Set(wrong.flatMap(([, verdict]) => (verdict.state === 'invalid' ? verdict.codes : [])));
  return {
    refusedWith: wrong.length === 0 ? undefined : open ? 'any' : [...codes],
    reasons: verdicts
      .filter(([, verdict]) => verdict.state !== 'valid')
      .map(
        ([part, verdict]) =>
          `${part}: ${verdict.state === 'valid' ? '' : `${verdict.state}, ${verdict.why}`}`,
      ),
    acceptable: fuzzCase.plain && verdicts.every(([, verdict]) => verdict.state === 'valid'),
  };
}

function authVerdict(fuzzCase: FuzzCase): Verdict {
  const auth = fuzzCase.auth;
  switch (auth.kind) {
    case 'valid':
      return valid;
    case 'revoked':
      return invalid(['revoked_key'], 'a revoked key');
    case 'expired':
      return invalid(['expired_key'], 'an expired key');
    case 'mistyped':
      return invalid(['invalid_key'], 'the key with its last character changed (fails its checksum)');
    case 'header':
      return invalid(
        auth.codes,
        `Authorization ${auth.value === undefined ? 'absent' : JSON.stringify(auth.value)}`,
      );
  }
}

/** A path id names a live record of the operation's kind, or the answer is 404 (over tRPC, a 400 too). */
function pathVerdict(
  operation: Operation,
  fuzzCase: FuzzCase,
  parameter: Parameter,
  trpc: boolean,
  context: ExpectationContext,
): Verdict {
  const value = fuzzCase.path[parameter.name];
  if (!value) return invalid(['not_found'], 'no id');
  const codes = trpc ? ['not_found', 'invalid_request', 'invalid_body'] : ['not_found'];
  if ('raw' in value)
    return invalid(codes, `no record has the id ${JSON.stringify(decodeLeniently(value.raw))}`);
  const id = pathText(value, context.resolve);
  if (value.alter) return invalid(codes, `a real id altered (${value.alter})`);
  if (!context.isLive(operation.resource, id)) return invalid(codes, `${id} is deleted or of another kind`);
  return valid;
}

// --- query

/** A query parameter's text against its schema, read as OpenAPI's form style reads it. */
function queryTextVerdict(parameter: Parameter, text: string, validators: Validators): Verdict {
  const type = String(parameter.schema.type ?? (parameter.schema.enum ? 'string' : ''));
  let value: unknown = text;
  if (type === 'integer' || type === 'number') {
    if (/^-?\d+$/.test(text) || (type === 'number' && /^-?\d+\.\d+$/.test(text))) value = Number(text);
    else if (text === '' || /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) || /^\+\d+$/.test(text)) {
      return unknown(`${parameter.name}=${JSON.stringify(text)} is a number written oddly`);
    } else return invalid(['invalid_request'], `${parameter.name}=${JSON.stringify(text)} is not a number`);
  } else if (type === 'boolean') {
    if (text !== 'true' && text !== 'false')
      return invalid(['invalid_request'], `${parameter.name} is not a boolean`);
    value = text === 'true';
  }
  return schemaVerdict(parameter.schema, value, ['invalid_request'], parameter.name, validators);
}

function queryVerdicts(
  operation: Operation,
  query: [string, QueryValue][],
  trpc: boolean,
  context: ExpectationContext,
): [string, Verdict][] {
  const codes = trpc ? ['invalid_request', 'invalid_body'] : ['invalid_request'];
  return query.map(([name, value]): [string, Verdict] => {
    const part = `query ${name}`;
    if (isUnstorable(name)) return [part, invalid(codes, 'the parameter name is not storable text')];
    const parameter = operation.query.find((candidate) => candidate.name === name);
    if ('raw' in value) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(value.raw);
      } catch {
        return [
          part,
          trpc
            ? unknown('text that does not decode, sent as text')
            : invalid(codes, `${value.raw} does not decode`),
        ];
      }
      if (isUnstorable(decoded)) return [part, invalid(codes, `${value.raw} decodes to unstorable text`)];
      if (!parameter) return [part, valid];
      return [
        part,
        trpc ? unknown('raw text as a tRPC field') : queryTextVerdict(parameter, decoded, context.validators),
      ];
    }
    if ('bare' in value || 'repeat' in value)
      return [part, unknown('a parameter without a value, or repeated')];
    const literal = jsonText(value.value, context.resolve);
    const resolved: unknown = JSON.parse(literal);
    if (holdsUnstorableText(resolved)) return [part, invalid(codes, 'unstorable text')];
    if (!parameter) return [part, valid];
    if (trpc) {
      const type = String(parameter.schema.type ?? '');
      if (typeof resolved === 'string' && type !== 'string' && type !== '')
        return [part, unknown('text for a typed tRPC field')];
      return [part, schemaVerdict(parameter.schema, resolved, codes, name, context.validators)];
    }
    if (resolved !== null && typeof resolved === 'object')
      return [part, unknown('an object or array written as text')];
    // A number goes on the wire as written (`1e-400`), not as the value it parses to (0).
    const text = resolved === null ? '' : typeof resolved === 'number' ? literal : String(resolved);
    return [part, queryTextVerdict(parameter, text, context.validators)];
  });
}

// --- headers and body

/**
 * A malformed Idempotency-Key is 400 `invalid_idempotency_key`. A well-formed one is valid when
 * new; one sent before may replay an earlier answer (or be 422 `idempotency_key_mismatch`), so
 * what it gets is left open.
 */
function idempotencyVerdict(
  operation: Operation,
  fuzzCase: FuzzCase,
  wire: WireRequest,
  context: ExpectationContext,
): Verdict {
  const parameter = operation.headers.find((header) => header.name.toLowerCase() === 'idempotency-key');
  const sent = wire.headers['idempotency-key'];
  if (sent === undefined || !parameter) return valid;
  const value = sent.trim();
  if (value === '') return unknown('an empty Idempotency-Key');
  const verdict = schemaVerdict(
    parameter.schema,
    value,
    ['invalid_idempotency_key'],
    'Idempotency-Key',
    context.validators,
  );
  if (verdict.state !== 'valid' || (fuzzCase.idempotencyKey && 'unique' in fuzzCase.idempotencyKey))
    return verdict;
  return unknown(`Idempotency-Key ${JSON.stringify(value.slice(0, 20))} may have been used before`);
}

const jsonMediaType = (type: string | undefined) =>
  type !== undefined && /^application\/json\s*(;\s*charset\s*=\s*"?utf-8"?\s*)?$/i.test(type.trim());

function bodyVerdict(operation: Operation, wire: WireRequest, context: ExpectationContext): Verdict {
  const codes = wire.transport === 'trpc' ? ['invalid_body', 'invalid_request'] : ['invalid_body'];
  const schema = operation.body;
  const contentType = Object.entries(wire.headers).find(
    ([name]) => name.toLowerCase() === 'content-type',
  )?.[1];
  const text = wire.body;
  const bytes = text === undefined ? 0 : Buffer.byteLength(text, wire.latin1 ? 'latin1' : 'utf8');
  if (bytes > context.maxBodyBytes) return invalid(['payload_too_large'], `${bytes} bytes`);
  if (text !== undefined && text !== '' && !jsonMediaType(contentType)) {
    const sentAs = `a body sent as ${contentType ?? '(no content-type)'}`;
    // `application/json; charset=latin1`, `application/vnd.api+json`: JSON all the same, or not; left open.
    if (contentType && /json/i.test(contentType)) return unknown(sentAs);
    return invalid(['unsupported_media_type', ...codes], sentAs);
  }
  if (!schema) {
    return text === undefined || text.trim() === '' || wire.transport === 'trpc'
      ? valid
      : unknown('a body the operation does not take');
  }
  if (wire.latin1) {
    const decoded = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.from(text ?? '', 'latin1'));
    if (decoded.includes('\ufffd')) return invalid(codes, 'the body is not valid UTF-8');
  }
  if (text === undefined || text.trim() === '') {
    // Over tRPC, a POST with no body and no media type may also be refused as 415.
    const none =
      wire.transport === 'trpc' && contentType === undefined ? [...codes, 'unsupported_media_type'] : codes;
    // Over tRPC the input carries the path parameters too: without a body there is no id.
    if (wire.transport === 'trpc' && operation.pathParams.length > 0)
      return invalid(none, 'no input over tRPC, so no path parameters');
    return operation.bodyRequired ? invalid(none, 'no body, and the operation requires one') : valid;
  }
  // RFC 8259 lets a parser ignore a byte order mark, or refuse it.
  if (text.startsWith('\ufeff')) return unknown('a byte order mark before the JSON');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return invalid(codes, 'malformed JSON');
  }
  if (holdsUnstorableText(parsed)) return invalid(codes, 'the body holds unstorable text');
  if (wire.transport === 'trpc')
    return schemaVerdict(withPathFields(schema, operation), parsed, codes, 'body', context.validators);
  return schemaVerdict(schema, parsed, codes, 'body', context.validators);
}

const withIds = new WeakMap<Operation, Schema>();

/**
 * Over tRPC the body also carries the path parameters (`id`): the schema with them as required
 * properties of the body's object, which refuses any other field (additionalProperties: false).
 */
function withPathFields(schema: Schema, operation: Operation): Schema {
  if (operation.pathParams.length === 0) return schema;
  const known = withIds.get(operation);
  if (known) return known;
  const names = operation.pathParams.map((parameter) => parameter.name);
  const object = schema as { properties?: Record<string, Schema>; required?: string[] };
  const combined: Schema = {
    ...schema,
    properties: {
      ...object.properties,
      ...Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
    },
    required: [...(object.required ?? []), ...names],
  };
  withIds.set(operation, combined);
  return combined;
}

/**
 * The document's judgement of a value. Only `format` failures are left open: a format is checked
 * by each validator its own way (ajv-formats' e-mail and URI rules are not the server's).
 */
function schemaVerdict(
  schema: Schema,
  value: unknown,
  codes: string[],
  what: string,
  validators: Validators,
): Verdict {
  const errors = validators.check(schema, value);
  if (errors.length === 0) return valid;
  const firm = errors.filter((error) => error.keyword !== 'format');
  if (firm.length === 0) return unknown(`${what}: ${errors[0]?.text}`);
  return invalid(codes, `${what}: ${firm.map((error) => error.text).join('; ')}`);
}
