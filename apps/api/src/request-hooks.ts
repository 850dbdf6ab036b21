import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, RawRequestDefaultExpression } from 'fastify';
import type { Counter, Histogram } from 'prom-client';
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
  // Callback hooks, not async ones: every request runs them, and an async hook costs a promise.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });

  // prom-client hashes the label values on every observation; the handful of (method, route,
  // status) combinations a server answers keep their children here instead.
  type RouteLabel = 'method' | 'route' | 'status';
  const children = new Map<
    string,
    { requests: Counter.Internal; duration: Histogram.Internal<RouteLabel> }
  >();
  app.addHook('onResponse', (request, reply, done) => {
    const route = (request as LabelledRequest).metricsRoute ?? request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    const key = `${request.method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method: request.method, route, status };
      child = { requests: metrics.requests.labels(labels), duration: metrics.duration.labels(labels) };
      children.set(key, child);
    }
    child.requests.inc();
    child.duration.observe(reply.elapsedTime / 1000);
    // The access line is at debug: skip building it when that level is off.
    if (request.log.level === 'debug' || request.log.level === 'trace') {
      request.log.debug(
        { method: request.method, route, status, ms: Math.round(reply.elapsedTime * 10) / 10 },
        'request',
      );
    }
    done();
  });
}
