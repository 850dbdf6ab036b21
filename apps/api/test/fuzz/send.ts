import { Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { Auth, Body, FuzzCase, PathValue, QueryValue } from './cases.ts';
import {
  DuplicateKeys,
  isJsonObject,
  type JsonObject,
  type JsonValue,
  jsonText,
  PoolId,
  type ResolveId,
  withField,
} from './json-text.ts';
import type { Operation } from './openapi.ts';

/** A request exactly as it goes on the wire, so a failure can be replayed byte for byte. */
export interface WireRequest {
  transport: 'rest' | 'trpc';
  method: string;
  /** Path and query, as written on the request line. */
  url: string;
  headers: Record<string, string>;
  /** The body's text (for a `latin1` body, one character per byte). */
  body: string | undefined;
  latin1: boolean;
}

export type WireAnswer =
  | { status: number; headers: Record<string, string | string[] | undefined>; text: string }
  | { failure: string };

/** The keys a case's `auth` can name. */
export interface Keys {
  valid: string;
  revoked: string;
  expired: string;
}

export interface RenderContext {
  resolve: ResolveId;
  keys: Keys;
}

// --- encoding

/**
 * Percent-encoding of text as the server will decode it: UTF-8, except that a lone surrogate is
 * written as the three bytes it would take (`%ED%A0%80`), which no decoder accepts; encodeURIComponent
 * would throw on it instead.
 */
function encodeComponent(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(text[index] ?? '');
    }
  }
  return out;
}

/** A path id as the server decodes it (a malformed encoding stays as written). */
export function decodeLeniently(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A query value as text: strings as they are, numbers as JSON writes them. */
function queryText(value: JsonValue, resolve: ResolveId): string {
  if (typeof value === 'string') return value;
  if (value instanceof PoolId) return resolve(value);
  if (value === null) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return jsonText(value, resolve);
}

export function pathText(value: PathValue, resolve: ResolveId): string {
  if ('raw' in value) return value.raw;
  const id = resolve(value.real);
  if (value.alter === 'upper') return id.toUpperCase();
  if (value.alter === 'suffix') return `${id}x`;
  if (value.alter === 'prefix') return `x${id}`;
  return id;
}

function queryString(query: [string, QueryValue][], resolve: ResolveId): string {
  const pairs = query.flatMap(([name, value]): string[] => {
    const key = encodeComponent(name);
    if ('raw' in value) return [`${key}=${value.raw}`];
    if ('bare' in value) return [key];
    if ('repeat' in value)
      return value.repeat.map((item) => `${key}=${encodeComponent(queryText(item, resolve))}`);
    return [`${key}=${encodeComponent(queryText(value.value, resolve))}`];
  });
  return pairs.length > 0 ? `?${pairs.join('&')}` : '';
}

function authorization(auth: Auth, keys: Keys): string | undefined {
  switch (auth.kind) {
    case 'valid':
      return `Bearer ${keys.valid}`;
    case 'revoked':
      return `Bearer ${keys.revoked}`;
    case 'expired':
      return `Bearer ${keys.expired}`;
    case 'mistyped':
      return `Bearer ${keys.valid.slice(0, -1)}${keys.valid.endsWith('a') ? 'b' : 'a'}`;
    case 'header':
      return auth.value;
  }
}

function bodyParts(
  body: Body,
  resolve: ResolveId,
): { text: string | undefined; contentType: string | undefined; latin1: boolean } {
  if (body.kind === 'none') return { text: undefined, contentType: undefined, latin1: false };
  if (body.kind === 'text') {
    return { text: body.text, contentType: body.contentType, latin1: body.latin1 === true };
  }
  const text = jsonText(body.value, resolve);
  return {
    text: body.padded ? ` \n\t${text}\r\n ` : text,
    contentType: 'contentType' in body ? body.contentType : 'application/json',
    latin1: false,
  };
}

let keysMade = 0;

function headersOf(
  fuzzCase: FuzzCase,
  context: RenderContext,
  contentType: string | undefined,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const key = fuzzCase.idempotencyKey;
  if (key)
    headers['idempotency-key'] =
      'unique' in key ? `fuzz-${process.pid}-${Date.now()}-${++keysMade}` : key.text;
  const auth = authorization(fuzzCase.auth, context.keys);
  if (auth !== undefined) headers.authorization = auth;
  if (contentType !== undefined) headers['content-type'] = contentType;
  return headers;
}

// --- the two transports

/** The case as a REST request under /api/v1. */
export function restRequest(operation: Operation, fuzzCase: FuzzCase, context: RenderContext): WireRequest {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = fuzzCase.path[name];
    return value ? pathText(value, context.resolve) : '';
  });
  const body = bodyParts(fuzzCase.body, context.resolve);
  return {
    transport: 'rest',
    method: operation.method,
    url: `/api/v1${path}${queryString(fuzzCase.query, context.resolve)}`,
    headers: headersOf(fuzzCase, context, body.contentType),
    body: body.text,
    latin1: body.latin1,
  };
}

/** What a query parameter is as a tRPC input field: its typed value (text that does not decode stays text). */
function inputValue(value: QueryValue): JsonValue {
  if ('raw' in value) return decodeLeniently(value.raw);
  if ('bare' in value) return '';
  if ('repeat' in value) return value.repeat;
  return value.value;
}

/**
 * The same case through /trpc: path and query parameters become input fields (path ids win over
 * a body field of the same name, as the path does on REST); a query is a GET with `?input=`, a
 * mutation a POST of the JSON input.
 */
export function trpcRequest(
  operation: Operation,
  fuzzCase: FuzzCase,
  context: RenderContext,
): WireRequest | undefined {
  const procedure = operation.procedure;
  if (!procedure) return undefined;
  const fields: [string, JsonValue][] = [
    ...fuzzCase.query.map(([name, value]): [string, JsonValue] => [name, inputValue(value)]),
    ...Object.entries(fuzzCase.path).map(([name, value]): [string, JsonValue] => [
      name,
      'raw' in value ? decodeLeniently(value.raw) : pathText(value, context.resolve),
    ]),
  ];
  if (procedure.type === 'query') {
    const input = jsonText(fieldsObject(fields), context.resolve);
    return {
      transport: 'trpc',
      method: 'GET',
      url: `/trpc/${procedure.name}?input=${encodeComponent(input)}`,
      headers: headersOf(fuzzCase, context, undefined),
      body: undefined,
      latin1: false,
    };
  }
  const body = mergedBody(fuzzCase.body, fields);
  const parts = bodyParts(body, context.resolve);
  return {
    transport: 'trpc',
    method: 'POST',
    url: `/trpc/${procedure.name}`,
    headers: headersOf(fuzzCase, context, parts.contentType),
    body: parts.text,
    latin1: parts.latin1,
  };
}

function fieldsObject(fields: [string, JsonValue][]): JsonObject {
  let object: JsonObject = {};
  for (const [name, value] of fields) object = withField(object, name, value);
  return object;
}

function mergedBody(body: Body, fields: [string, JsonValue][]): Body {
  if (body.kind === 'none') return fields.length > 0 ? { kind: 'json', value: fieldsObject(fields) } : body;
  if (body.kind !== 'json') return body;
  if (body.value instanceof DuplicateKeys)
    return { ...body, value: new DuplicateKeys([...body.value.entries, ...fields]) };
  if (isJsonObject(body.value)) {
    let value = body.value;
    for (const [name, field] of fields) value = withField(value, name, field);
    return { ...body, value };
  }
  return body;
}

// --- sending

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** Sends the request as given (no URL normalisation, no header rewriting) and reads the whole answer. */
export function send(baseUrl: string, wire: WireRequest, timeoutMs = 15_000): Promise<WireAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: wire.method,
        path: wire.url,
        headers:
          wire.body === undefined
            ? wire.headers
            : {
                ...wire.headers,
                'content-length': String(Buffer.byteLength(wire.body, wire.latin1 ? 'latin1' : 'utf8')),
              },
        agent,
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', (error) => resolve({ failure: `response: ${error.message}` }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on('error', (error) =>
      resolve({ failure: `${(error as NodeJS.ErrnoException).code ?? ''} ${error.message}`.trim() }),
    );
    if (wire.body !== undefined) request.write(Buffer.from(wire.body, wire.latin1 ? 'latin1' : 'utf8'));
    request.end();
  });
}

/** Bytes written on a socket of their own (a request line no HTTP client would write), and the answer read back. */
export function sendRaw(baseUrl: string, text: string, timeoutMs = 5_000): Promise<WireAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseRawAnswer(Buffer.concat(chunks).toString('utf8')));
    });
    socket.write(Buffer.from(text, 'latin1'));
    // Half-close: the server answers what it read, then closes.
    socket.end();
  });
}

function parseRawAnswer(raw: string): WireAnswer {
  const match = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n([\s\S]*?)\r\n\r\n([\s\S]*)$/.exec(raw);
  if (!match)
    return {
      failure:
        raw === '' ? 'connection closed without an answer' : `not an HTTP answer: ${raw.slice(0, 200)}`,
    };
  const headers: Record<string, string> = {};
  for (const line of (match[2] ?? '').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let text = match[3] ?? '';
  const length = Number(headers['content-length']);
  if (Number.isInteger(length)) text = Buffer.from(text, 'utf8').subarray(0, length).toString('utf8');
  else if (headers['transfer-encoding'] === 'chunked') text = dechunk(text);
  return { status: Number(match[1]), headers, text };
}

function dechunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const newline = rest.indexOf('\r\n');
    const size = Number.parseInt(rest.slice(0, newline), 16);
    if (!(size > 0)) return out;
    out += rest.slice(newline + 2, newline + 2 + size);
    rest = rest.slice(newline + 2 + size + 2);
  }
}

/** The request as a reader replays it: method, URL, headers and the body as a JSON string literal. */
export function describeRequest(wire: WireRequest): string {
  const lines = [`${wire.method} ${wire.url}`];
  for (const [name, value] of Object.entries(wire.headers)) {
    lines.push(
      `${name}: ${name === 'authorization' && value.length > 30 ? `${value.slice(0, 24)}…` : value}`,
    );
  }
  if (wire.body !== undefined) {
    const shown =
      wire.body.length > 600 ? `${wire.body.slice(0, 600)}… (${wire.body.length} chars)` : wire.body;
    lines.push(`body${wire.latin1 ? ' (latin1 bytes)' : ''}: ${JSON.stringify(shown)}`);
  }
  return lines.join('\n');
}
