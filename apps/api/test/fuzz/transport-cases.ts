import { fc } from '@fast-check/vitest';
import type { Operation } from './openapi.ts';
import type { WireRequest } from './send.ts';

/**
 * Requests below the level of an operation: malformed URLs and methods, request lines no client
 * writes (sent on a socket of their own), and tRPC's own transport (its `input` parameter, batches,
 * a query called as a mutation). None of them is a valid request: each must be refused in the
 * envelope, never with a 5xx.
 */
export type TransportCase =
  | { via: 'http'; wire: WireRequest; label: string }
  | { via: 'socket'; text: string; label: string };

const urlPaths = [
  '/api/v1/%',
  '/api/v1/invoices/%ZZ',
  '/api/v1/%ZZ/invoices',
  '/api/v1/invoices/%E0%A4%A',
  '/api/v1/invoices/%ED%A0%80',
  '/api/v1//invoices/x',
  '/api/v1/INVOICES/x',
  '/api/v1/nope',
  '/api/v1/',
  '/api/v2/invoices',
  '/api/v1/invoices?%ZZ',
  '/api/v1/invoices?limit=%',
  '/api/v1/invoices?%00=1',
  '/api/v1/invoices?x=%ED%A0%80',
  '/api/v1/invoices%00',
  `/api/v1/invoices/${'x'.repeat(8_000)}`,
  `/api/v1/${'a/'.repeat(2_000)}`,
  '/%00',
  '/%ZZ',
  '*',
  'http://evil.example/api/v1/nope',
  '/trpc/%ZZ',
  '/trpc/nope.nope',
  '/trpc/',
  '/trpc/__proto__',
  '/trpc/quotes.__proto__',
];

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'FOO'];

/** Request lines and framing Node's parser refuses, or nearly. */
const rawRequests = [
  'GET /api/v1/in voices HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/v1/invoices\u0000 HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/v1/\u00e9 HTTP/1.1\r\nHost: x\r\n\r\n',
  'GET /api/v1/invoices HTTP/9.9\r\nHost: x\r\n\r\n',
  'GET /api/v1/invoices\r\nHost: x\r\n\r\n',
  'GET\u0000/api/v1/invoices HTTP/1.1\r\n\r\n',
  'GET /api/v1/invoices HTTP/1.1\r\nHost x\r\n\r\n',
  'GET /api/v1/invoices HTTP/1.1\r\nHost: x\r\nX-Bad\u0000: 1\r\n\r\n',
  'POST /api/v1/companies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}',
  'POST /api/v1/companies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
  'POST /api/v1/companies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
  'POST /api/v1/companies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n',
  'POST /api/v1/companies HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
  `GET /api/v1/invoices HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
  `GET /api/v1/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
  'HELLO\r\n\r\n',
];

const trpcInputs = [
  '%ZZ',
  '%ED%A0%80',
  'notjson',
  encodeURIComponent('{"limit":'),
  encodeURIComponent('{"id":"\\u0000"}'),
  encodeURIComponent('{"id":"\\ud800"}'),
  encodeURIComponent('{"q":"\\udc00x"}'),
  encodeURIComponent('[]'),
  encodeURIComponent('"s"'),
  encodeURIComponent('null'),
  encodeURIComponent(`${'['.repeat(5_000)}${']'.repeat(5_000)}`),
];

export function transportCases(operations: Operation[], authorization: string): fc.Arbitrary<TransportCase> {
  const headers = { authorization };
  const procedures = operations.flatMap((operation) => (operation.procedure ? [operation.procedure] : []));
  const http = (method: string, url: string, body?: string): TransportCase => ({
    via: 'http',
    label: `${method} ${url.slice(0, 80)}`,
    wire: {
      transport: url.startsWith('/trpc') ? 'trpc' : 'rest',
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body,
      latin1: false,
    },
  });
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...methods), fc.constantFrom(...urlPaths))
      .map(([method, url]) => http(method, url)),
    fc
      .constantFrom(...rawRequests)
      .map((text): TransportCase => ({ via: 'socket', text, label: JSON.stringify(text.slice(0, 60)) })),
    fc
      .tuple(fc.constantFrom(...procedures), fc.constantFrom(...trpcInputs), fc.boolean())
      .map(([procedure, input, batch]) =>
        procedure.type === 'query'
          ? http('GET', `/trpc/${procedure.name}?${batch ? 'batch=1&' : ''}input=${input}`)
          : http('POST', `/trpc/${procedure.name}${batch ? '?batch=1' : ''}`, decodeOr(input)),
      ),
    // A query called as a mutation, and the other way round.
    fc
      .constantFrom(...procedures)
      .map((procedure) =>
        procedure.type === 'query'
          ? http('POST', `/trpc/${procedure.name}`, '{}')
          : http('GET', `/trpc/${procedure.name}?input=%7B%7D`),
      ),
  );
}

function decodeOr(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
