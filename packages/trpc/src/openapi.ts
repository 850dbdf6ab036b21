import { idempotencyKeyLength, idempotencyRetentionHours, idempotencyWaitSeconds } from '@comptoir/core';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
import { errorStatus } from './errors.ts';
import type { ProcedureMeta } from './init.ts';
import { procedureMetas } from './meta.ts';
import { type AppRouter, appRouter } from './routers/index.ts';

type Json = Record<string, unknown>;

const errorEnvelopeSchema: Json = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string',
          enum: Object.keys(errorStatus),
          description: 'Stable, machine-readable code.',
        },
        message: { type: 'string', description: 'Human-readable explanation.' },
        details: {
          type: 'array',
          description: 'Field-by-field problems of a validation error.',
          items: {
            type: 'object',
            required: ['path', 'message'],
            properties: { path: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

const errorResponse = (description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const rateLimitHeaders = {
  'RateLimit-Limit': { description: 'Requests allowed per window.', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
};

const commonErrors = {
  '401': errorResponse(
    'Missing, malformed, unknown, revoked or expired key (missing_authorization, invalid_key_format, invalid_key, revoked_key, expired_key).',
    { 'WWW-Authenticate': { description: 'Always `Bearer`.', schema: { type: 'string' } } },
  ),
  '403': errorResponse('The key lacks the required scope (insufficient_scope).'),
  '429': errorResponse('Rate limit exceeded (rate_limited).', {
    'Retry-After': { description: 'Whole seconds to wait before retrying.', schema: { type: 'integer' } },
    ...rateLimitHeaders,
  }),
  '500': errorResponse('Unexpected failure (internal_error); the message carries the request id.'),
};

function metaByRoute(router: AppRouter): Map<string, ProcedureMeta> {
  const byRoute = new Map<string, ProcedureMeta>();
  for (const meta of procedureMetas(router).values()) {
    if (meta.openapi) byRoute.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta);
  }
  return byRoute;
}

const idempotencyKeyParameter: Json = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: `A unique key per intended change (a UUID, say). Retrying with the same key and body replays the first answer (status and body, with \`Idempotent-Replayed: true\`) and applies nothing; the same key with another body is 422 \`idempotency_key_mismatch\`; while the first request runs, a retry waits for it, up to ${idempotencyWaitSeconds} s, then 409 \`idempotency_key_in_use\`. Keys are scoped to the workspace and the endpoint, and kept ${idempotencyRetentionHours} hours. A 400 stores nothing.`,
  schema: { type: 'string', minLength: idempotencyKeyLength.min, maxLength: idempotencyKeyLength.max },
};

const replayedHeader = {
  'Idempotent-Replayed': {
    description: '`true` when this is the stored answer of an earlier request with the same Idempotency-Key.',
    schema: { type: 'string', enum: ['true'] },
  },
};

/** An error body that also carries the procedure's result under `data` (a refused batch). */
/**
 * An error whose body may carry the procedure's result under `data` (a refused batch). `data`
 * is required only when every error of that status carries it.
 */
function errorWithResult(success: Json | undefined, always: boolean): Json {
  const successSchema = (success?.content as Record<string, { schema: Json }> | undefined)?.[
    'application/json'
  ]?.schema;
  const data = (successSchema?.properties as Json | undefined)?.data;
  return {
    allOf: [
      { $ref: '#/components/schemas/Error' },
      ...(data ? [{ type: 'object', ...(always ? { required: ['data'] } : {}), properties: { data } }] : []),
    ],
  };
}

const ifNoneMatchParameter: Json = {
  name: 'If-None-Match',
  in: 'header',
  required: false,
  description:
    'The `ETag` of a copy already held: when it is still the document, the answer is 304 with no body.',
  schema: { type: 'string' },
};

const etagHeader = {
  ETag: { description: 'The SHA-256 of the bytes, quoted.', schema: { type: 'string' } },
};

/** A download's success: its bytes (not JSON), with their name and ETag; and 304. */
function downloadResponses(meta: ProcedureMeta, success: Json | undefined): Record<string, Json> {
  const declared = meta.download?.contentType ?? 'application/octet-stream';
  const contentTypes = typeof declared === 'string' ? [declared] : declared;
  return {
    '200': {
      description: (success?.description as string | undefined) ?? 'The document.',
      headers: {
        ...rateLimitHeaders,
        ...etagHeader,
        'Content-Disposition': {
          description: '`inline; filename="INV-2026-00042.pdf"`.',
          schema: { type: 'string' },
        },
        'Cache-Control': { description: 'Always `private`.', schema: { type: 'string' } },
      },
      content: Object.fromEntries(
        contentTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    },
    '304': {
      description: 'Not modified: `If-None-Match` names the current ETag. No body.',
      headers: { ...rateLimitHeaders, ...etagHeader },
    },
  };
}

const apiTags = [
  {
    name: 'Companies',
    description: 'Companies: customers and suppliers (scopes read:contacts, write:contacts).',
  },
  { name: 'Contacts', description: 'People, each optionally at a company.' },
  { name: 'Invoices', description: 'Invoices, numbered without gaps per workspace and year.' },
  { name: 'Opportunities', description: 'Sales opportunities and their pipeline status.' },
  { name: 'Products', description: 'Products and their stock state (read-only in the API).' },
  { name: 'Quotes', description: 'Quotes: drafts to edit, then sent (numbered) to the client.' },
  {
    name: 'Stock',
    description:
      'Counts, batched movements and the ledger (scopes read:products, write:products). Writes accept an Idempotency-Key.',
  },
  {
    name: 'Supplier invoices',
    description:
      'Invoices suppliers sent through the e-invoicing platform, read and checked, with the file as received (scopes read:purchases, write:purchases).',
  },
  {
    name: 'Webhooks',
    description:
      'Endpoints, events and the delivery log (scopes read:webhooks, write:webhooks). Deliveries are signed per Standard Webhooks and retried.',
  },
];

/**
 * A rule across a body's fields, written as its input schema's JSON Schema `anyOf` (zod meta: an
 * invoice's VAT exemption wants every line at 0 %), by route. trpc-to-openapi rebuilds a body's
 * root schema keeping only its title, description and examples, so the document would not
 * state the rule the procedure enforces.
 */
function bodyRulesByRoute(router: AppRouter): Map<string, Json[]> {
  const rules = new Map<string, Json[]>();
  const procedures = router._def.procedures as unknown as Record<
    string,
    { _def: { meta?: ProcedureMeta; inputs?: { meta?: () => Json | undefined }[] } }
  >;
  for (const procedure of Object.values(procedures)) {
    const { openapi } = procedure._def.meta ?? {};
    const anyOf = procedure._def.inputs?.[0]?.meta?.()?.anyOf;
    if (openapi && Array.isArray(anyOf)) rules.set(`${openapi.method.toLowerCase()} ${openapi.path}`, anyOf);
  }
  return rules;
}

/** Puts a body's rule across fields back into its schema (bodyRulesByRoute). */
function addBodyRules(operation: Json, rules: Json[] | undefined): void {
  const body = operation.requestBody as { content?: Record<string, { schema?: Json }> } | undefined;
  const schema = body?.content?.['application/json']?.schema;
  if (schema && rules) schema.anyOf = rules;
}

/** A body none of whose fields is required may be left out (an empty PATCH, a redelivery to all). */
function markOptionalBody(operation: Json): void {
  const body = operation.requestBody as
    | { required?: boolean; content?: Record<string, { schema?: Json }> }
    | undefined;
  const schema = body?.content?.['application/json']?.schema;
  if (!body || !schema) return;
  const required = schema.required as unknown[] | undefined;
  if (!schema.$ref && (required === undefined || required.length === 0)) body.required = false;
}

export interface OpenApiOptions {
  baseUrl: string;
}

/**
 * The public document: trpc-to-openapi's output, corrected where it cannot know the truth
 * (real success statuses, the contract's error envelope, rate-limit headers, 429's Retry-After).
 */
export function buildOpenApiDocument(options: OpenApiOptions): OpenAPIObject {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Comptoir API',
    description:
      'Business records and stock for one workspace. Every request needs `Authorization: Bearer svc_live_…`; every success is wrapped in `data`; every error is `{ "error": { "code", "message", "details?" } }`.',
    version: '1.0.0',
    openApiVersion: '3.1.0',
    baseUrl: options.baseUrl,
    license: { name: 'Proprietary', identifier: 'LicenseRef-Comptoir' },
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key `svc_live_…`.' },
    },
    tags: apiTags.map((tag) => tag.name),
  }) as OpenAPIObject & { components?: Json; tags?: Json[] };

  const metas = metaByRoute(appRouter);
  const bodyRules = bodyRulesByRoute(appRouter);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
      const meta = metas.get(`${method} ${path}`) ?? {};
      const responses = operation.responses as Record<string, Json>;
      const success = responses['200'];
      const fixed: Record<string, Json> = {};
      const successHeaders = meta.idempotent ? { ...rateLimitHeaders, ...replayedHeader } : rateLimitHeaders;
      if (meta.download) {
        Object.assign(fixed, downloadResponses(meta, success));
        operation.parameters = [
          ...((operation.parameters as Json[] | undefined) ?? []),
          ifNoneMatchParameter,
        ];
      } else if (success) {
        fixed[String(meta.successStatus ?? 200)] = { ...success, headers: successHeaders };
        if (meta.alternativeSuccess) {
          fixed[String(meta.alternativeSuccess.status)] = {
            ...success,
            description: meta.alternativeSuccess.description,
            headers: successHeaders,
          };
        }
      }
      const hasBody = method !== 'get' && method !== 'delete';
      fixed['400'] = errorResponse(
        hasBody
          ? 'Invalid body (invalid_body, with details) or parameters (invalid_request).'
          : 'Invalid parameters (invalid_request, with details).',
      );
      Object.assign(fixed, commonErrors);
      if (path.includes('{')) fixed['404'] = errorResponse('No such record in this workspace (not_found).');
      const documented = [...(meta.errors ?? [])];
      if (meta.idempotent) {
        operation.parameters = [
          ...((operation.parameters as Json[] | undefined) ?? []),
          idempotencyKeyParameter,
        ];
        fixed['400'] = errorResponse(
          'Invalid body (invalid_body, with details), parameters (invalid_request) or Idempotency-Key (invalid_idempotency_key).',
        );
        documented.push(
          {
            status: 409,
            description: 'A request with this Idempotency-Key is still running (idempotency_key_in_use).',
          },
          {
            status: 422,
            description: 'This Idempotency-Key was used with another body (idempotency_key_mismatch).',
          },
        );
      }
      for (const status of new Set(documented.map((error) => error.status))) {
        const errors = documented.filter((error) => error.status === status);
        const description = errors.map((error) => error.description).join(' Or: ');
        const withResult = errors.filter((error) => error.withResult).length;
        fixed[String(status)] =
          withResult > 0
            ? {
                description,
                content: {
                  'application/json': { schema: errorWithResult(success, withResult === errors.length) },
                },
              }
            : errorResponse(description);
      }
      addBodyRules(operation, bodyRules.get(`${method} ${path}`));
      markOptionalBody(operation);
      operation.responses = Object.fromEntries(Object.entries(fixed).sort(([a], [b]) => a.localeCompare(b)));
      operation.security = [{ bearerAuth: [] }];
    }
  }
  // trpc-to-openapi's own error schemas (`error.BAD_REQUEST`, ...) are replaced by Error.
  const generated = Object.entries((document.components?.schemas as Json) ?? {}).filter(
    ([name]) => !name.startsWith('error.'),
  );
  document.components = {
    ...document.components,
    schemas: { ...Object.fromEntries(generated), Error: errorEnvelopeSchema },
  };
  document.tags = apiTags;
  return document;
}
