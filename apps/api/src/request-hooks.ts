import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import type { ApiMetrics } from './metrics.ts';

const requestIdPattern = /^[A-Za-z0-9._:-]{1,128}$/;

/** The caller's X-Request-Id when it is a sane one, else a new id (Fastify's genReqId). */
export function requestIdFor(req: RawRequestDefaultExpression): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : `req_${randomUUID()}`;
}

type LabelledRequest = FastifyRequest & { metricsRoute?: string };

/** The route template a request is counted under, when the router's own says too little. */
export function labelRoute(request: FastifyRequest, route: string): void {
  (request as LabelledRequest).metricsRoute = route;
}

/**
 * The request id echoed on every answer, and one access line per request (at debug) with the
 * request counter and duration histogram, by method, route template and status.
 */
export function traceRequests(app: FastifyInstance, metrics: ApiMetrics): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = (request as LabelledRequest).metricsRoute ?? request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.requests.inc(labels);
    metrics.duration.observe(labels, reply.elapsedTime / 1000);
    request.log.debug({ ...labels, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
  });
}
