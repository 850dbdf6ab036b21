import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness.ts';
import {
  callApi,
  callTrpc,
  databaseFingerprint,
  expectError,
  expectTrpcError,
  getOk,
  sellerWorkspace,
  type Workspace,
} from './support/index.ts';

// Rulings, "Records": a JSON body field the operation does not define is refused (400
// invalid_body, a detail whose path names the field and whose message says it is unknown), at
// any depth, on both transports; query parameters are not affected. Every operation is checked
// with a stray top-level field in common-routes.test.ts; here, the typos users make, nested
// fields, and the OpenAPI document.

let api: TestApi;
let seller: Workspace;

beforeAll(async () => {
  api = await startTestApi();
  seller = await sellerWorkspace(api);
});
afterAll(() => api.close());

const invoice = {
  clientName: 'Café du Port',
  clientEmail: 'compta@port.test',
  lines: [{ title: 'Torréfaction', quantity: 2, unitPrice: 18.9, taxRate: 5.5 }],
};

/** Sends a request that must be refused, checks it wrote nothing, and returns the error's details. */
async function refusedDetails(send: () => Promise<unknown>, transport: 'rest' | 'trpc') {
  const before = await databaseFingerprint(api);
  const answer = (await send()) as Parameters<typeof expectError>[0];
  const error =
    transport === 'rest'
      ? await expectError(answer, 400, 'invalid_body')
      : await expectTrpcError(answer, 400, 'invalid_body');
  expect(await databaseFingerprint(api)).toEqual(before);
  return error.details;
}

const rest = (method: string, path: string, json: unknown) => () =>
  callApi(api, method, path, json, seller.headers);
const trpc = (procedure: string, input: unknown) => () =>
  callTrpc(api, procedure, 'mutation', input, seller.headers);

describe('a misspelt field', () => {
  it.each([
    [
      'POST /invoices',
      rest('POST', '/invoices', { ...invoice, clientCompnay: 'Port SARL' }),
      'rest',
      'clientCompnay',
      'clientCompany',
    ],
    [
      'POST /quotes',
      rest('POST', '/quotes', { ...invoice, clientemail: 'x@y.test' }),
      'rest',
      'clientemail',
      'clientEmail',
    ],
    [
      'POST /contacts',
      rest('POST', '/contacts', { name: 'Ana', email: 'ana@port.test', phnoe: '0102030405' }),
      'rest',
      'phnoe',
      'phone',
    ],
    [
      'a line of POST /invoices',
      rest('POST', '/invoices', {
        ...invoice,
        lines: [invoice.lines[0], { title: 'Sac', quantity: 1, unitPrice: 2, vatRate: 20 }],
      }),
      'rest',
      'lines.1.vatRate',
      'taxRate',
    ],
    [
      'a movement of POST /stock-movements',
      rest('POST', '/stock-movements', {
        movements: [{ productId: 'prd_x', quantity: 3, resaon: 'delivery' }],
      }),
      'rest',
      'movements.0.resaon',
      'reason',
    ],
    [
      'invoices.create over tRPC',
      trpc('invoices.create', { ...invoice, clientCompnay: 'Port SARL' }),
      'trpc',
      'clientCompnay',
      'clientCompany',
    ],
    [
      'products.update’s patch over tRPC',
      trpc('products.update', { id: 'prd_x', patch: { nmae: 'Moka' } }),
      'trpc',
      'patch.nmae',
      'name',
    ],
  ] as const)(
    'in %s is refused, naming it and the field meant',
    async (_name, send, transport, path, meant) => {
      const details = await refusedDetails(send, transport);
      expect(details).toEqual([{ path, message: `unknown field; did you mean "${meant}"?` }]);
    },
  );

  it('with nothing close to it is refused as unknown (the workspace address)', async () => {
    const details = await refusedDetails(
      trpc('workspace.update', {
        address: {
          lines: ['1 rue du Port'],
          postalCode: '76600',
          city: 'Le Havre',
          countryCode: 'FR',
          floor: 2,
        },
      }),
      'trpc',
    );
    expect(details).toEqual([{ path: 'address.floor', message: 'unknown field' }]);
  });

  it('is named once per field when a body has several, beside the other refusals', async () => {
    const details = await refusedDetails(
      rest('POST', '/invoices', { ...invoice, clientEmail: 'not-an-email', colour: 'red', size: 3 }),
      'rest',
    );
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'colour', message: 'unknown field' },
        { path: 'size', message: 'unknown field' },
        { path: 'clientEmail', message: expect.any(String) },
      ]),
    );
    expect(details).toHaveLength(3);
  });
});

describe('query parameters', () => {
  it('are not refused for a name the operation does not define (GET and DELETE)', async () => {
    expect((await callApi(api, 'GET', '/invoices?utm_source=mail', undefined, seller.headers)).status).toBe(
      200,
    );
    const created = await callApi<{ data: { id: string } }>(
      api,
      'POST',
      '/webhook-endpoints',
      { url: 'https://hooks.example.com/unknown-fields' },
      seller.headers,
    );
    expect(created.status).toBe(201);
    const removed = await callApi(
      api,
      'DELETE',
      `/webhook-endpoints/${created.body.data.id}?trace=1`,
      undefined,
      seller.headers,
    );
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
  });
});

type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** Every object schema reachable from `schema` (through $refs, arrays, unions), with its path. */
function objectSchemas(
  schema: JsonSchema,
  components: Record<string, JsonSchema>,
  path: string,
  seen = new Set<string>(),
): [string, JsonSchema][] {
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() as string;
    if (seen.has(name)) return [];
    seen.add(name);
    return objectSchemas(components[name] as JsonSchema, components, `${path}(${name})`, seen);
  }
  const found: [string, JsonSchema][] = schema.properties ? [[path, schema]] : [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    found.push(...objectSchemas(property, components, `${path}.${name}`, seen));
  }
  if (schema.items) found.push(...objectSchemas(schema.items, components, `${path}[]`, seen));
  for (const member of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    // A member with no type of its own beside an object's properties is a rule across that
    // object's fields (an invoice's exemption wants every line at 0 %), not another object.
    if (schema.properties && member.type === undefined && member.$ref === undefined) continue;
    found.push(...objectSchemas(member, components, path, seen));
  }
  return found;
}

describe('the OpenAPI document', () => {
  it('says additionalProperties: false for every object of every request body, at any depth', async () => {
    const document = await getOk<{
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
      >;
      components: { schemas: Record<string, JsonSchema> };
    }>(api, '/openapi.json', {});
    const bodies = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) => {
        const schema = operation.requestBody?.content['application/json']?.schema;
        return schema ? [[`${method.toUpperCase()} ${path}`, schema] as const] : [];
      }),
    );
    expect(bodies.length).toBeGreaterThan(8);
    const open = bodies.flatMap(([operation, schema]) =>
      objectSchemas(schema, document.components.schemas, operation)
        .filter(([, object]) => object.additionalProperties !== false)
        .map(([path]) => path),
    );
    expect(open).toEqual([]);
  });
});
