import type { RequestInfo } from '@comptoir/trpc';
import type { FastifyRequest } from 'fastify';

/** A header sent twice arrives as an array: the first value counts. */
function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** What a procedure's context takes from the HTTP request, the same for both transports. */
export function requestInfo(request: FastifyRequest, transport: 'rest' | 'trpc'): RequestInfo {
  return {
    requestId: String(request.id),
    transport,
    authorization: request.headers.authorization,
    cookie: request.headers.cookie,
    origin: singleHeader(request.headers.origin),
    workspace: singleHeader(request.headers['x-comptoir-workspace']),
    idempotencyKey: singleHeader(request.headers['idempotency-key']),
    log: request.log,
  };
}
