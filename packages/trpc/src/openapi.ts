import { errorStatus } from '@comptoir/core';
import { generateOpenApiDocument, type OpenAPIObject } from 'trpc-to-openapi';
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

function successStatusByRoute(router: AppRouter): Map<string, number> {
  const byRoute = new Map<string, number>();
  for (const meta of procedureMetas(router).values()) {
    if (meta.openapi)
      byRoute.set(`${meta.openapi.method.toLowerCase()} ${meta.openapi.path}`, meta.successStatus ?? 200);
  }
  return byRoute;
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
];

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

  const statuses = successStatusByRoute(appRouter);
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
      const responses = operation.responses as Record<string, Json>;
      const success = responses['200'];
      const status = String(statuses.get(`${method} ${path}`) ?? 200);
      const fixed: Record<string, Json> = {};
      if (success) fixed[status] = { ...success, headers: rateLimitHeaders };
      const hasBody = method !== 'get' && method !== 'delete';
      fixed['400'] = errorResponse(
        hasBody
          ? 'Invalid body (invalid_body, with details) or parameters (invalid_request).'
          : 'Invalid parameters (invalid_request, with details).',
      );
      Object.assign(fixed, commonErrors);
      if (path.includes('{')) fixed['404'] = errorResponse('No such record in this workspace (not_found).');
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
  document.tags = [
    { name: 'Invoices', description: 'Invoices, numbered without gaps per workspace and year.' },
    { name: 'Opportunities', description: 'Sales opportunities and their pipeline status.' },
    { name: 'Products', description: 'Products and their stock state (read-only in the API).' },
    { name: 'Quotes', description: 'Quotes: drafts to edit, then sent (numbered) to the client.' },
  ];
  return document;
}
