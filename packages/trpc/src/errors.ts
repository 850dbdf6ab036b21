import {
  AppError,
  detailsFromIssues,
  type ErrorEnvelope,
  errorStatus,
  internalErrorEnvelope,
} from '@comptoir/core';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

const trpcCodeByStatus: Record<number, TRPC_ERROR_CODE_KEY> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_SERVER_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

/** An AppError as a TRPCError whose code carries the same HTTP status on the tRPC transport. */
export function toTrpcError(error: AppError): TRPCError {
  return new TRPCError({
    code: trpcCodeByStatus[error.status] ?? 'INTERNAL_SERVER_ERROR',
    message: error.message,
    cause: error,
  });
}

function findCause(error: unknown): unknown {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (current instanceof AppError || current instanceof ZodError) return current;
    current = current.cause;
  }
  return error instanceof TRPCError ? error : current;
}

export interface ResolvedError {
  status: number;
  body: ErrorEnvelope & Record<string, unknown>;
  /** True for a failure nobody anticipated: log it with its cause. */
  unexpected: boolean;
}

/**
 * The one place that turns anything thrown into the contract's status and envelope.
 * Validation failures of a read (query, path) are invalid_request; of a write, invalid_body.
 */
export function resolveError(error: unknown, kind: 'read' | 'write', requestId?: string): ResolvedError {
  const cause = findCause(error);
  if (cause instanceof AppError) return { status: cause.status, body: cause.toEnvelope(), unexpected: false };
  if (cause instanceof ZodError) {
    const code = kind === 'read' ? 'invalid_request' : 'invalid_body';
    const details = detailsFromIssues(cause.issues);
    const message = kind === 'read' ? 'Invalid request parameters' : 'Invalid request body';
    return { status: errorStatus[code], body: { error: { code, message, details } }, unexpected: false };
  }
  if (cause instanceof TRPCError) {
    switch (cause.code) {
      case 'NOT_FOUND':
        return {
          status: 404,
          body: { error: { code: 'not_found', message: 'Not found' } },
          unexpected: false,
        };
      case 'PARSE_ERROR':
        // Over tRPC a query's input travels as JSON in the `input` query parameter.
        return {
          status: 400,
          body:
            kind === 'read'
              ? { error: { code: 'invalid_request', message: 'Malformed JSON in the input parameter' } }
              : { error: { code: 'invalid_body', message: 'Malformed JSON in request body' } },
          unexpected: false,
        };
      case 'PAYLOAD_TOO_LARGE':
        return {
          status: 413,
          body: { error: { code: 'payload_too_large', message: 'Request body exceeds 1 MiB' } },
          unexpected: false,
        };
      case 'UNSUPPORTED_MEDIA_TYPE':
        return {
          status: 415,
          body: { error: { code: 'unsupported_media_type', message: 'Send the body as application/json' } },
          unexpected: false,
        };
      case 'BAD_REQUEST':
        return {
          status: 400,
          body: {
            error: { code: kind === 'read' ? 'invalid_request' : 'invalid_body', message: cause.message },
          },
          unexpected: false,
        };
      case 'METHOD_NOT_SUPPORTED':
        return {
          status: 405,
          body: { error: { code: 'method_not_allowed', message: cause.message } },
          unexpected: false,
        };
    }
  }
  return { status: 500, body: internalErrorEnvelope(requestId), unexpected: true };
}
