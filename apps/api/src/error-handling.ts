import { AppError } from '@comptoir/core';
import {
  type ContractErrorCode,
  type ErrorEnvelope,
  errorEnvelope,
  internalErrorEnvelope,
  statusOf,
} from '@comptoir/trpc';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Every error the host answers itself leaves in the contract's envelope, 401s with their challenge. */
export function sendError(
  reply: FastifyReply,
  status: number,
  body: ErrorEnvelope | Record<string, unknown>,
) {
  if (status === 401) reply.header('WWW-Authenticate', 'Bearer');
  return reply.code(status).type('application/json').send(JSON.stringify(body));
}

export function envelope(code: ContractErrorCode, message: string): ErrorEnvelope {
  return { error: { code, message } };
}

/**
 * Fastify's error and not-found handlers, for every route: an AppError with the status its
 * code names, Fastify's own 400/413/415 (malformed JSON, body too large, not JSON) in the
 * envelope, and anything else as a 500 `internal_error` whose detail goes to the log only.
 */
export function handleErrors(app: FastifyInstance): void {
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
}
