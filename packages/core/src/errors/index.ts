/**
 * The contract's error codes (api-v1.md section 7 and the rulings) and their HTTP status.
 * This is the only table that maps a code to a status; both transports read it.
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
  insufficient_scope: 403,
  not_found: 404,
  company_not_found: 404,
  contact_not_found: 404,
  opportunity_not_found: 404,
  webhook_endpoint_not_found: 404,
  invoice_not_draft: 409,
  quote_not_draft: 409,
  contact_email_duplicate: 409,
  idempotency_key_in_use: 409,
  stock_quantity_mismatch: 409,
  webhook_endpoint_disabled: 409,
  webhook_endpoint_not_subscribed: 409,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  headers_too_large: 431,
  stock_adjust_failed: 422,
  idempotency_key_mismatch: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export interface ErrorDetail {
  path: string;
  message: string;
}

export type ErrorEnvelope = {
  error: { code: ErrorCode; message: string; details?: ErrorDetail[] };
};

/** A refusal the contract names. Anything else thrown is a bug and becomes 500 internal_error. */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  /** Extra fields some errors carry beside `error` (for example a batch's `data`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.code = code;
    this.details = options.details;
    this.extra = options.extra;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toEnvelope(): ErrorEnvelope & Record<string, unknown> {
    const error: ErrorEnvelope['error'] = { code: this.code, message: this.message };
    if (this.details && this.details.length > 0) error.details = this.details;
    return { error, ...this.extra };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

export function notFound(what = 'Resource'): AppError {
  return new AppError('not_found', `${what} not found`);
}

/** The envelope of an unexpected failure: no internals, only what the client can act on. */
export function internalErrorEnvelope(requestId?: string): ErrorEnvelope {
  const suffix = requestId ? ` (request ${requestId})` : '';
  return { error: { code: 'internal_error', message: `An internal error occurred${suffix}` } };
}

/** Turns zod issues into the contract's `details`, one entry per field. */
export function detailsFromIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>,
): ErrorDetail[] {
  return issues.map((issue) => ({
    path: issue.path.map((part) => String(part)).join('.') || '(root)',
    message: issue.message,
  }));
}
