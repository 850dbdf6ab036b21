import SwaggerParser from '@apidevtools/swagger-parser';
import { appRouter, procedureMetas } from '@comptoir/trpc';

/** A JSON Schema of the document, dereferenced: no `$ref` left. */
export type Schema = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

export interface Operation {
  method: string;
  /** Under /api/v1, with `{id}` parameters. */
  path: string;
  operationId: string;
  /** `METHOD /path`. */
  label: string;
  /** The first path segment (`quotes` for `/quotes/{id}/send`): the kind of record its ids name. */
  resource: string;
  pathParams: Parameter[];
  query: Parameter[];
  headers: Parameter[];
  body: Schema | undefined;
  bodyRequired: boolean;
  /** Response schemas by status (undefined: a status documented without a JSON body). */
  responses: Map<number, Schema | undefined>;
  /** The media type of a response whose body is not JSON (a document's bytes), by status. */
  /** The media types a status answers with bytes, not JSON (a download: one, or the file's own). */
  binaryResponses: Map<number, string[]>;
  /** The tRPC procedure serving the same route, found from the procedures' meta. */
  procedure: { name: string; type: 'query' | 'mutation' } | undefined;
}

export interface ApiDocument {
  /** `3.1.0`: Ajv's 2020-12 dialect for 3.1, draft-07 for 3.0. */
  openapi: string;
  operations: Operation[];
  /** The contract's error envelope schema (components.schemas.Error). */
  errorSchema: Schema;
}

type ParserInput = Extract<Parameters<typeof SwaggerParser.dereference>[0], object>;

const methods = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The served document, checked and dereferenced by swagger-parser (a copy: it rewrites its input). */
export async function loadDocument(baseUrl: string): Promise<ApiDocument> {
  const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
  if (response.status !== 200) throw new Error(`openapi.json answered ${response.status}`);
  const served = (await response.json()) as { openapi: string };
  await SwaggerParser.validate(structuredClone(served) as ParserInput);
  const document = (await SwaggerParser.dereference(structuredClone(served) as ParserInput)) as unknown as {
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas: Record<string, Schema> };
  };
  const errorSchema = document.components.schemas.Error;
  if (!errorSchema) throw new Error('the document has no Error schema');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of methods) {
      const operation = item[method];
      if (operation) operations.push(readOperation(method.toUpperCase(), path, operation));
    }
  }
  return { openapi: served.openapi, operations, errorSchema };
}

function readOperation(method: string, path: string, operation: Record<string, unknown>): Operation {
  const parameters = ((operation.parameters as Parameter[] | undefined) ?? []).map((parameter) => ({
    name: parameter.name,
    in: parameter.in,
    required: parameter.required === true,
    schema: parameter.schema ?? {},
  }));
  const requestBody = operation.requestBody as
    | { required?: boolean; content?: Record<string, { schema?: Schema }> }
    | undefined;
  const responses = new Map<number, Schema | undefined>();
  const binaryResponses = new Map<number, string[]>();
  for (const [status, response] of Object.entries(
    operation.responses as Record<string, { content?: Record<string, { schema?: Schema }> }>,
  )) {
    responses.set(Number(status), response.content?.['application/json']?.schema);
    const binary = Object.keys(response.content ?? {}).filter((type) => type !== 'application/json');
    if (binary.length > 0) binaryResponses.set(Number(status), binary);
  }
  return {
    method,
    path,
    operationId: String(operation.operationId),
    label: `${method} ${path}`,
    resource: path.split('/')[1] ?? '',
    pathParams: parameters.filter((parameter) => parameter.in === 'path'),
    query: parameters.filter((parameter) => parameter.in === 'query'),
    headers: parameters.filter((parameter) => parameter.in === 'header'),
    body: requestBody?.content?.['application/json']?.schema,
    bodyRequired: requestBody?.required === true,
    responses,
    binaryResponses,
    procedure: procedureFor(method, path),
  };
}

/** The procedure whose meta maps it to `METHOD path`. */
function procedureFor(method: string, path: string): Operation['procedure'] {
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
  for (const [name, meta] of procedureMetas(appRouter)) {
    if (meta.openapi?.method === method && meta.openapi.path === path) {
      return { name, type: procedures[name]?._def.type === 'query' ? 'query' : 'mutation' };
    }
  }
  return undefined;
}

// --- schema walking

export const typeOf = (schema: Schema): string | undefined => {
  if (typeof schema.type === 'string') return schema.type;
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null') as string | undefined;
  const option = nonNullOption(schema);
  return option ? typeOf(option) : undefined;
};

/** The first option of an anyOf/oneOf that is not `{ type: 'null' }` (a nullable field's real type). */
function nonNullOption(schema: Schema): Schema | undefined {
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  return options?.find((option) => option.type !== 'null');
}

/** The schema itself, or its non-null option for a nullable field. */
export const concrete = (schema: Schema): Schema =>
  schema.type === undefined ? (nonNullOption(schema) ?? schema) : schema;

export const propertiesOf = (schema: Schema): Record<string, Schema> =>
  (concrete(schema).properties as Record<string, Schema> | undefined) ?? {};

export const requiredOf = (schema: Schema): string[] =>
  (concrete(schema).required as string[] | undefined) ?? [];

export const numberOf = (schema: Schema, keyword: string): number | undefined => {
  const value = concrete(schema)[keyword];
  return typeof value === 'number' ? value : undefined;
};

/** A string whose only constraints are its length: the contract calls that free text. */
export function isFreeText(schema: Schema): boolean {
  const own = concrete(schema);
  return typeOf(own) === 'string' && !own.enum && !own.format && !own.pattern && own.const === undefined;
}

/** One field of a body: where it is (`lines.0.title`), its schema, and whether its object requires it. */
export interface Slot {
  path: (string | number)[];
  schema: Schema;
  required: boolean;
}

/**
 * Every field of a body schema, nested ones included, arrays through their first item (the
 * valid examples always have one): what a mutation can target.
 */
export function slotsOf(schema: Schema, at: (string | number)[] = []): Slot[] {
  const slots: Slot[] = [];
  const required = new Set(requiredOf(schema));
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    const path = [...at, name];
    slots.push({ path, schema: property, required: required.has(name) });
    const own = concrete(property);
    if (typeOf(own) === 'object') slots.push(...slotsOf(own, path));
    const items = own.items as Schema | undefined;
    if (typeOf(own) === 'array' && items && typeOf(items) === 'object')
      slots.push(...slotsOf(items, [...path, 0]));
  }
  return slots;
}
