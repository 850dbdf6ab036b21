import { AppError, detailsFromIssues, type ErrorCode, type ErrorDetail } from '@comptoir/core';
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';

/** Codes only a transport produces: limits, media types, the HTTP parser, failures. */
export const transportErrorCodes = [
  'rate_limited',
  'method_not_allowed',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'headers_too_large',
  'internal_error',
  'service_unavailable',
] as const;
export type ContractErrorCode = ErrorCode | (typeof transportErrorCodes)[number];

/**
 * The contract's error table (api-v1.md section 7 and the rulings): the only place that maps
 * a code to its HTTP status, for both transports, the OpenAPI document and the host.
 */
export const errorStatus = {
  invalid_request: 400,
  invalid_body: 400,
  invalid_idempotency_key: 400,
  missing_authorization: 401,
  invalid_key_format: 401,
  invalid_key: 401,
  revoked_key: 401,
  expired_key: 401,
  webhook_signature_invalid: 401,
  invalid_session: 401,
  insufficient_scope: 403,
  insufficient_role: 403,
  session_required: 403,
  not_a_member: 403,
  origin_not_allowed: 403,
  invitation_not_found: 404,
  not_found: 404,
  company_not_found: 404,
  contact_not_found: 404,
  opportunity_not_found: 404,
  webhook_endpoint_not_found: 404,
  invoice_not_draft: 409,
  quote_not_draft: 409,
  invalid_transition: 409,
  invoice_has_payments: 409,
  quote_already_invoiced: 409,
  invoice_not_issued: 409,
  contact_email_duplicate: 409,
  idempotency_key_in_use: 409,
  stock_quantity_mismatch: 409,
  webhook_endpoint_disabled: 409,
  webhook_endpoint_not_subscribed: 409,
  last_owner: 409,
  member_exists: 409,
  invitation_expired: 409,
  invitation_used: 409,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  stock_adjust_failed: 422,
  idempotency_key_mismatch: 422,
  invoice_issue_date_out_of_order: 422,
  payment_exceeds_balance: 422,
  product_archived: 422,
  invoice_incomplete: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const satisfies Record<ContractErrorCode, number>;

export type ErrorEnvelope = {
  error: { code: ContractErrorCode; message: string; details?: ErrorDetail[] };
};

/** The status a contract error answers with; a code outside the table is a bug: 500. */
export function statusOf(error: AppError<string>): number {
  return (errorStatus as Record<string, number>)[error.code] ?? 500;
}

/** The contract's envelope for an error, with what it carries beside `error` (a batch's `data`). */
export function errorEnvelope(error: AppError<string>): ErrorEnvelope & Record<string, unknown> {
  const body: ErrorEnvelope['error'] = { code: error.code as ContractErrorCode, message: error.message };
  if (error.details && error.details.length > 0) body.details = error.details;
  return { error: body, ...error.extra };
}

/** A transport's own refusal, in the same envelope (a rate limit, an unreadable request). */
export function transportError(code: ContractErrorCode, message: string): AppError<ContractErrorCode> {
  return new AppError<ContractErrorCode>(code, message);
}

/** The envelope of an unexpected failure: no internals, only what the client can act on. */
export function internalErrorEnvelope(requestId?: string): ErrorEnvelope {
  const suffix = requestId ? ` (request ${requestId})` : '';
  return { error: { code: 'internal_error', message: `An internal error occurred${suffix}` } };
}

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
export function toTrpcError(error: AppError<string>): TRPCError {
  return new TRPCError({
    code: trpcCodeByStatus[statusOf(error)] ?? 'INTERNAL_SERVER_ERROR',
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
  if (cause instanceof AppError)
    return { status: statusOf(cause), body: errorEnvelope(cause), unexpected: false };
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
