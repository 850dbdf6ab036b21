import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { AppError, type TargetPolicy } from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import {
  type AppRouter,
  appRouter,
  buildOpenApiDocument,
  type ContractErrorCode,
  createContext,
  createRedisRateLimiter,
  createRestHandler,
  type ErrorEnvelope,
  errorEnvelope,
  errorStatus,
  internalErrorEnvelope,
  procedureMetas,
  resolveError,
  statusOf,
} from '@comptoir/trpc';
import scalar from '@scalar/fastify-api-reference';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import type { Redis } from 'ioredis';
import { registerQueueDashboard } from './admin.ts';
import { type ApiMetrics, createApiMetrics } from './metrics.ts';

export const restBasePath = '/api/v1';
const maxBodyBytes = 1024 * 1024;

export interface ServerOptions {
  orm: MikroORM;
  redis: Redis;
  rateLimitPerMinute: number;
  publicBaseUrl: string;
  logger: FastifyBaseLogger;
  /** Redis key prefix of the rate limiter (tests give each file its own). */
  redisKeyPrefix?: string;
  /** Which URLs webhook endpoints may have; public https ones only unless said otherwise. */
  webhookTargets?: TargetPolicy;
  /** Opens the queue dashboard at /admin/queues; without it the dashboard is off. */
  adminToken?: string | undefined;
}

function sendError(reply: FastifyReply, status: number, body: ErrorEnvelope | Record<string, unknown>) {
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
  return reply.code(status).type('application/json').send(JSON.stringify(body));
}

function envelope(code: ContractErrorCode, message: string): ErrorEnvelope {
  return { error: { code, message } };
}

/** A header sent twice arrives as an array: the first value counts. */
function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Query parameters whose percent-encoding is broken or encodes invalid UTF-8 (an unpaired
 * surrogate): the usual decoders would pass them on as U+FFFD or as raw text; the rulings
 * refuse them, naming the parameter.
 */
function undecodableQueryParameters(url: string): string[] {
  const start = url.indexOf('?');
  if (start === -1 || !url.includes('%', start)) return [];
  const names: string[] = [];
  for (const pair of url.slice(start + 1).split('&')) {
    const equals = pair.indexOf('=');
    const name = equals === -1 ? pair : pair.slice(0, equals);
    const value = equals === -1 ? '' : pair.slice(equals + 1);
    try {
      decodeURIComponent(name);
      decodeURIComponent(value);
    } catch {
      names.push(decodeOrKeep(name));
    }
  }
  return names;
}

function decodeOrKeep(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Invalid UTF-8 is refused, not silently turned into U+FFFD. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** What Node's HTTP parser refused (bad request line, headers too large, timeout). */
const clientErrors: Record<string, ContractErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'request_timeout',
  HPE_HEADER_OVERFLOW: 'headers_too_large',
};

function writeClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const code = clientErrors[error.code ?? ''] ?? 'invalid_request';
  const status = errorStatus[code];
  const body = JSON.stringify(
    envelope(code, `The HTTP request could not be read (${error.code ?? 'malformed'})`),
  );
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export async function buildServer(
  options: ServerOptions,
): Promise<{ app: FastifyInstance; metrics: ApiMetrics }> {
  const metrics = createApiMetrics();
  const app = Fastify({
    loggerInstance: options.logger,
    // Errors Fastify meets before routing (an undecodable path, an over-long parameter) get
    // the contract's envelope too. A path that cannot be decoded names no resource: 404.
    frameworkErrors: (error, request, reply) => {
      if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        return sendError(reply, 404, envelope('not_found', 'No resource at a malformed URL path'));
      }
      request.log.error({ err: error, requestId: request.id }, 'framework error');
      return sendError(reply, 500, internalErrorEnvelope(String(request.id)));
    },
    // Requests Node's HTTP parser refuses never reach Fastify: answer them in the envelope too.
    clientErrorHandler: writeClientError,
    bodyLimit: maxBodyBytes,
    // One access line per request, at debug, from the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming)
        ? incoming
        : `req_${randomUUID()}`;
    },
    routerOptions: { ignoreTrailingSlash: true },
  });

  const rateLimiter = createRedisRateLimiter({
    redis: options.redis,
    defaultPerMinute: options.rateLimitPerMinute,
    ...(options.redisKeyPrefix ? { keyPrefix: options.redisKeyPrefix } : {}),
    onUnavailable: (error) => {
      metrics.rateLimiterUnavailable.inc();
      app.log.error({ err: error }, 'rate limiter unavailable (Redis); request served without a limit');
    },
  });
  const deps = {
    orm: options.orm,
    rateLimiter,
    webhookTargets: options.webhookTargets ?? { allowPrivateTargets: false },
  };

  // JSON is the only body the API reads (anything else is refused with 415), and an empty
  // body is a valid "no input" (POST /quotes/{id}/send), not malformed JSON.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : strictUtf8.decode(body);
    } catch {
      return done(new AppError('invalid_body', 'The request body is not valid UTF-8'), undefined);
    }
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('invalid_body', 'Malformed JSON in request body'), undefined);
    }
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    const undecodable = undecodableQueryParameters(request.url);
    if (undecodable.length > 0) {
      return sendError(reply, 400, {
        error: {
          code: 'invalid_request',
          message: 'Query parameters must be valid percent-encoded UTF-8',
          details: undecodable.map((name) => ({ path: name, message: 'not valid percent-encoded UTF-8' })),
        },
      });
    }
  });

  const routeLabels = new Map<string, string>();
  for (const [path, meta] of procedureMetas(appRouter)) {
    if (meta.openapi) routeLabels.set(path, `${restBasePath}${meta.openapi.path}`);
  }
  app.addHook('onResponse', async (request, reply) => {
    const route =
      (request as FastifyRequest & { metricsRoute?: string }).metricsRoute ??
      request.routeOptions.url ??
      'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
    request.log.debug({ ...labels, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof AppError) return sendError(reply, statusOf(error), errorEnvelope(error));
    if (error.statusCode === 413)
      return sendError(reply, 413, envelope('payload_too_large', 'Request body exceeds 1 MiB'));
    if (error.statusCode === 415) {
      return sendError(reply, 415, envelope('unsupported_media_type', 'Send the body as application/json'));
    }
    if (error.statusCode === 400) return sendError(reply, 400, envelope('invalid_body', error.message));
    request.log.error({ err: error, requestId: request.id }, 'unhandled error');
    return sendError(reply, 500, internalErrorEnvelope(request.id));
  });

  app.setNotFoundHandler((request, reply) =>
    sendError(reply, 404, envelope('not_found', `No route ${request.method} ${request.url.split('?')[0]}`)),
  );

  const requestInfo = (request: FastifyRequest, transport: 'rest' | 'trpc') => ({
    requestId: String(request.id),
    transport,
    authorization: request.headers.authorization,
    idempotencyKey: singleHeader(request.headers['idempotency-key']),
    log: request.log,
  });

  // REST: the same procedures, through trpc-to-openapi.
  const openApiDocument = buildOpenApiDocument({ baseUrl: `${options.publicBaseUrl}${restBasePath}` });
  const openApiJson = JSON.stringify(openApiDocument);
  app.get(`${restBasePath}/openapi.json`, async (_request, reply) =>
    reply.type('application/json').send(openApiJson),
  );

  const handleRest = createRestHandler(deps);
  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${restBasePath}/*`,
    // trpc-to-openapi answers HEAD with 204 before authentication: HEAD is not served.
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const result = await handleRest(
        {
          method: request.method,
          url: request.url.slice(restBasePath.length) || '/',
          headers: request.headers,
          body: request.body,
          raw: request.raw,
          rawResponse: reply.raw,
        },
        requestInfo(request, 'rest'),
      );
      const label = result.procedure ? routeLabels.get(result.procedure) : undefined;
      if (label) (request as FastifyRequest & { metricsRoute?: string }).metricsRoute = label;
      if (result.unexpectedError) {
        request.log.error(
          { err: result.unexpectedError, requestId: request.id },
          'unhandled error in procedure',
        );
      }
      reply.headers(result.headers);
      if (result.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      return reply.code(result.status).type('application/json').send(result.body);
    },
  });

  // tRPC: internal TypeScript callers.
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }: { req: FastifyRequest }) => createContext(deps, requestInfo(req, 'trpc')),
      responseMeta: ({ ctx, errors, type }) => {
        const headers: Record<string, string> = { ...(ctx?.response.headers ?? {}) };
        if (errors.length > 0) {
          const resolved = resolveError(errors[0], type === 'query' ? 'read' : 'write');
          if (resolved.status === 401) headers['WWW-Authenticate'] = 'Bearer';
        }
        return { headers };
      },
      onError: ({ error, ctx, type }) => {
        const resolved = resolveError(error, type === 'query' ? 'read' : 'write');
        if (resolved.unexpected)
          ctx?.log.error({ err: error, requestId: ctx.requestId }, 'unhandled error in procedure');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { url: `${restBasePath}/openapi.json`, title: 'Comptoir API' },
  });

  if (options.adminToken)
    await registerQueueDashboard(app, { token: options.adminToken, redis: options.redis });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const checks = await Promise.all([
      withTimeout(options.orm.em.getConnection().execute('select 1'), 2000).then(
        () => ['database', 'ok'] as const,
        (error: Error) => ['database', error.message] as const,
      ),
      withTimeout(options.redis.ping(), 2000).then(
        () => ['redis', 'ok'] as const,
        (error: Error) => ['redis', error.message] as const,
      ),
    ]);
    const ready = checks.every(([, state]) => state === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(checks) });
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );

  return { app, metrics };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
