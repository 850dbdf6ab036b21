import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  bearer,
  type ErrorBody,
  expectError,
  expectInvalidBody,
  expectInvalidRequest,
} from './support/index.ts';

// Rulings ("Records"): text PostgreSQL cannot store or that is not valid Unicode is a 400
// naming the field (404 for a path id), a body that must be an object and is not is 400
// invalid_body, and every answer, whatever layer produces it, uses the envelope.

let api: TestApi;
let headers: Record<string, string>;
let workspaceId: string;

beforeAll(async () => {
  api = await startTestApi();
  const workspace = await api.make.workspace('Hostile input');
  workspaceId = workspace.id;
  headers = bearer((await api.make.key(workspace.id)).key);
});
afterAll(() => api.close());

/** Sends `body` as the exact JSON text given, so escapes like `\ud800` reach the server as written. */
const send = (method: string, path: string, body?: string | Uint8Array, extra: Record<string, string> = {}) =>
  api.request(path, {
    method,
    headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...extra },
    ...(body !== undefined ? { body } : {}),
  });

const expectFieldNamed = (response: Response, code: 'invalid_body' | 'invalid_request', path: string) =>
  code === 'invalid_body' ? expectInvalidBody(response, path) : expectInvalidRequest(response, path);

/** One request written on a socket as given, and everything the server answers until it closes. */
function rawExchange(request: string): Promise<string> {
  const url = new URL(api.baseUrl);
  return new Promise<string>((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

/** Rows in every table the API writes: a refused request changes none of them. */
async function rowCounts(): Promise<Record<string, number>> {
  const em = api.db.orm.em.fork();
  const tables = await em.execute<{ table_name: string }[]>(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const counts: Record<string, number> = {};
  for (const { table_name } of tables) {
    const [row] = await em.execute<{ n: string }[]>(`select count(*) as n from "${table_name}"`);
    counts[table_name] = Number(row?.n);
  }
  return counts;
}

describe('text PostgreSQL cannot store (U+0000)', () => {
  it.each([
    ['POST /companies name', '/api/v1/companies', '{"name":"a\\u0000b"}', 'name'],
    ['POST /contacts name', '/api/v1/contacts', '{"name":"a\\u0000","email":"nul@example.com"}', 'name'],
    [
      'POST /invoices, a line title',
      '/api/v1/invoices',
      '{"clientName":"Client","lines":[{"title":"ok","quantity":1,"unitPrice":1},{"title":"\\u0000","quantity":1,"unitPrice":1}]}',
      'lines.1.title',
    ],
    ['POST /opportunities title', '/api/v1/opportunities', '{"title":"\\u0000"}', 'title'],
    ['a field name holding U+0000', '/api/v1/companies', '{"name":"ok","x\\u0000":1}', 'x\uFFFD'],
  ])('%s: 400 invalid_body naming the field, nothing written', async (_label, path, body, field) => {
    const before = await rowCounts();
    await expectFieldNamed(await send('POST', path, body), 'invalid_body', field);
    expect(await rowCounts()).toEqual(before);
  });

  it.each([
    ['/api/v1/products?supplierId=%00', 'supplierId'],
    ['/api/v1/stock-movements?productId=%00', 'productId'],
    ['/api/v1/contacts?q=a%00', 'q'],
    ['/api/v1/contacts?companyId=cmp_%00', 'companyId'],
    ['/api/v1/products?q=%00', 'q'],
  ])('GET %s: 400 invalid_request naming the parameter', async (path, parameter) => {
    await expectFieldNamed(await send('GET', path), 'invalid_request', parameter);
  });

  it.each([
    ['GET', '/api/v1/invoices/%00'],
    ['GET', '/api/v1/companies/cmp_%00'],
    ['POST', '/api/v1/quotes/quo_%00/send'],
    ['DELETE', '/api/v1/quotes/%00'],
  ])('%s %s (a path id): 404 not_found', async (method, path) => {
    await expectError(await send(method, path), 404, 'not_found');
  });
});

describe('text that is not valid Unicode', () => {
  it('an unpaired surrogate in POST /invoices clientName: 400 invalid_body naming it, nothing written', async () => {
    const before = await rowCounts();
    const body = '{"clientName":"\\ud800","lines":[{"title":"x","quantity":1,"unitPrice":1}]}';
    await expectFieldNamed(await send('POST', '/api/v1/invoices', body), 'invalid_body', 'clientName');
    expect(await rowCounts()).toEqual(before);
  });

  it('a low surrogate alone, and one in a nested field, are refused too', async () => {
    await expectFieldNamed(
      await send('POST', '/api/v1/companies', '{"name":"\\udc00x"}'),
      'invalid_body',
      'name',
    );
    const quote = '{"clientName":"C","lines":[{"title":"a\\ud83d","quantity":1,"unitPrice":1}]}';
    await expectFieldNamed(await send('POST', '/api/v1/quotes', quote), 'invalid_body', 'lines.0.title');
  });

  it('a paired surrogate (an emoji) is valid text and is stored', async () => {
    const response = await send('POST', '/api/v1/companies', '{"name":"Caf\\u00e9 \\ud83d\\ude00"}');
    expect(response.status).toBe(201);
    expect(((await response.json()) as { data: { name: string } }).data.name).toBe('Café 😀');
  });

  it('a body that is not valid UTF-8: 400 invalid_body', async () => {
    const bytes = new Uint8Array([...Buffer.from('{"name":"'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]);
    await expectError(await send('POST', '/api/v1/companies', bytes), 400, 'invalid_body');
  });

  it('an encoded unpaired surrogate or bad percent-encoding in a query parameter, or in a path id', async () => {
    await expectFieldNamed(await send('GET', '/api/v1/products?q=%ED%A0%80'), 'invalid_request', 'q');
    await expectFieldNamed(await send('GET', '/api/v1/contacts?limit=5&q=%ZZ'), 'invalid_request', 'q');
    await expectFieldNamed(
      await send('GET', '/trpc/products.list?input=%ED%A0%80'),
      'invalid_request',
      'input',
    );
    await expectError(await send('GET', '/api/v1/quotes/%ED%A0%80'), 404, 'not_found');
  });
});

describe('a body that must be a JSON object and is not', () => {
  let quoteId: string;
  beforeAll(async () => {
    const response = await send(
      'POST',
      '/api/v1/quotes',
      JSON.stringify({
        clientName: 'Patched',
        clientEmail: 'patched@example.com',
        lines: [{ title: 'Line', quantity: 1, unitPrice: 10 }],
      }),
    );
    quoteId = ((await response.json()) as { data: { id: string } }).data.id;
  });

  it.each(['[]', '"string"', '42', 'true', 'null', '[{"title":"x"}]'])(
    'PATCH /quotes/{id} with %s: 400 invalid_body, the quote unchanged, no event',
    async (body) => {
      const before = await rowCounts();
      const quoteBefore = await (await send('GET', `/api/v1/quotes/${quoteId}`)).json();
      await expectError(await send('PATCH', `/api/v1/quotes/${quoteId}`, body), 400, 'invalid_body');
      expect(await (await send('GET', `/api/v1/quotes/${quoteId}`)).json()).toEqual(quoteBefore);
      expect(await rowCounts()).toEqual(before);
    },
  );

  it.each([
    ['POST', '/api/v1/invoices'],
    ['POST', '/api/v1/companies'],
    ['POST', '/api/v1/stock-movements'],
    ['POST', '/api/v1/webhook-endpoints'],
  ])('%s %s with an array: 400 invalid_body', async (method, path) => {
    await expectError(await send(method, path, '[]'), 400, 'invalid_body');
  });
});

describe('URLs and requests that never reach a procedure', () => {
  it.each(['/api/v1/invoices/%ZZ', '/api/v1/%', '/api/v1/quotes/%E0%A4%A', '/trpc/%ZZ'])(
    'GET %s (bad percent-encoding): 404 in the envelope',
    async (path) => {
      await expectError(await send('GET', path), 404, 'not_found');
    },
  );

  it('a request Node cannot parse gets a 400 in the envelope', async () => {
    const answer = await rawExchange('GET /api/v1/products HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head?.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body ?? '')).toEqual({
      error: { code: 'invalid_request', message: expect.any(String) },
    });
  });
});

// Found by the fuzzer (fuzz.test.ts), kept here as plain cases.
describe('what the fuzzer found', () => {
  it.each(['constructor', '__proto__', 'hasOwnProperty', 'toString'])(
    'a query parameter named %s is an unknown parameter, not a 500',
    async (name) => {
      expect((await send('GET', `/api/v1/companies?${name}=1`)).status).toBe(200);
      const unauthenticated = await api.request(`/api/v1/webhook-endpoints?${name}=1`);
      await expectError(unauthenticated, 401, 'missing_authorization');
    },
  );

  it('an absolute-form request target is served as its path', async () => {
    const answer = await rawExchange(
      `GET http://elsewhere.example/api/v1/companies?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: ${headers.authorization}\r\nConnection: close\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain('"pagination"');
  });

  it.each(['/trpc/nope', '/trpc/companies.list', '/api/v1/companies'])(
    'TRACE %s: 405 in the envelope',
    async (path) => {
      const answer = await rawExchange(`TRACE ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      expect(answer).toMatch(/^HTTP\/1\.1 405 /);
      expect(answer).toContain('"code":"method_not_allowed"');
    },
  );

  it('a body nested 5,000 deep is refused, with or without an Idempotency-Key, on both transports', async () => {
    const deep = `{"name":"x","extra":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const before = await rowCounts();
    for (const extra of [{}, { 'idempotency-key': 'deeply-nested-1' }]) {
      await expectFieldNamed(
        await send('POST', '/api/v1/companies', deep, extra),
        'invalid_body',
        'extra.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a',
      );
      expect((await send('POST', '/trpc/companies.create', deep, extra)).status).toBe(400);
    }
    const nulDeep = `{"title":"a","extra":${'['.repeat(100)}"\\u0000"${']'.repeat(100)}}`;
    expect((await send('POST', '/api/v1/opportunities', nulDeep)).status).toBe(400);
    expect(await rowCounts()).toEqual(before);
  });

  // Like a 413 or a 415, a body that cannot be read is refused by the host before tRPC runs,
  // in the contract's envelope.
  it('tRPC refuses a body that is not valid UTF-8, as REST does', async () => {
    const before = await rowCounts();
    const bytes = new Uint8Array([...Buffer.from('{"name":"caf'), 0xe9, ...Buffer.from('"}')]);
    await expectError(await send('POST', '/trpc/companies.create', bytes), 400, 'invalid_body');
    expect(await rowCounts()).toEqual(before);
  });

  it.each(['offset=+', 'offset=%20', 'limit=1e1', 'limit=0x10', 'offset=1.5'])(
    'REST list with %s: 400 invalid_request',
    async (query) => {
      await expectError(await send('GET', `/api/v1/contacts?${query}`), 400, 'invalid_request');
    },
  );

  it.each(['{"offset":[]}', '{"limit":[5]}', '{"limit":true}', '{"limit":"5"}'])(
    'tRPC list input %s is refused, not coerced',
    async (input) => {
      const answer = await send('GET', `/trpc/contacts.list?input=${encodeURIComponent(input)}`);
      const status = answer.status;
      if (input === '{"limit":"5"}') expect(status).toBe(200);
      else expect(status).toBe(400);
    },
  );

  it('media types are case-insensitive: Application/JSON is JSON', async () => {
    const response = await send('POST', '/api/v1/companies', '{"name":"Case"}', {
      'content-type': 'Application/JSON',
    });
    expect(response.status).toBe(201);
  });
});

describe('the same refusals over tRPC', () => {
  const trpcError = async (response: Response) => {
    const body = (await response.json()) as {
      error: { data: { httpStatus: number; error: ErrorBody['error'] } };
    };
    return body.error.data;
  };

  it('a mutation with U+0000 in a field: 400 invalid_body naming it', async () => {
    const before = await rowCounts();
    const data = await trpcError(await send('POST', '/trpc/companies.create', '{"name":"a\\u0000"}'));
    expect(data.httpStatus).toBe(400);
    expect(data.error.code).toBe('invalid_body');
    expect(data.error.details?.map((detail) => detail.path)).toContain('name');
    expect(await rowCounts()).toEqual(before);
  });

  it('a query with an unpaired surrogate: 400 invalid_request naming it', async () => {
    const input = encodeURIComponent('{"q":"\\ud800"}');
    const data = await trpcError(await send('GET', `/trpc/products.list?input=${input}`));
    expect(data.httpStatus).toBe(400);
    expect(data.error.code).toBe('invalid_request');
    expect(data.error.details?.map((detail) => detail.path)).toContain('q');
  });

  it('an id holding U+0000: 404 not_found', async () => {
    const input = encodeURIComponent('{"id":"inv_\\u0000"}');
    const data = await trpcError(await send('GET', `/trpc/invoices.get?input=${input}`));
    expect(data.httpStatus).toBe(404);
    expect(data.error.code).toBe('not_found');
  });

  it('malformed JSON in a query input: 400 invalid_request', async () => {
    const data = await trpcError(await send('GET', '/trpc/products.list?input=%7Bnope'));
    expect(data.httpStatus).toBe(400);
    expect(data.error.code).toBe('invalid_request');
  });
});

it('the workspace still answers after all of the above', async () => {
  expect(workspaceId).toMatch(/^wsp_/);
  expect((await send('GET', '/api/v1/products')).status).toBe(200);
});
