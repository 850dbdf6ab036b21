import { unknownFieldDetails } from '../bodies/index.ts';

/**
 * The domain's error codes (api-v1.md section 7 and the rulings). Core names what went wrong;
 * what that means for a transport (an HTTP status, an envelope) is decided in packages/trpc.
 */
export const errorCodes = [
  'invalid_request',
  'invalid_body',
  'invalid_idempotency_key',
  'missing_authorization',
  'invalid_key_format',
  'invalid_key',
  'revoked_key',
  'expired_key',
  'insufficient_scope',
  'not_found',
  'company_not_found',
  'contact_not_found',
  'opportunity_not_found',
  'webhook_endpoint_not_found',
  'invoice_not_draft',
  'quote_not_draft',
  'invalid_transition',
  'invoice_has_payments',
  'quote_already_invoiced',
  'contact_email_duplicate',
  'idempotency_key_in_use',
  'stock_quantity_mismatch',
  'webhook_endpoint_disabled',
  'webhook_endpoint_not_subscribed',
  'stock_adjust_failed',
  'idempotency_key_mismatch',
  'invoice_issue_date_out_of_order',
  'payment_exceeds_balance',
  'product_archived',
  'invoice_incomplete',
  'invoice_not_issued',
  'webhook_signature_invalid',
  'invalid_session',
  'session_required',
  'not_a_member',
  'insufficient_role',
  'origin_not_allowed',
  'last_owner',
  'member_exists',
  'invitation_not_found',
  'invitation_expired',
  'invitation_used',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ErrorDetail {
  path: string;
  message: string;
}

/**
 * A refusal the contract names. Anything else thrown is a bug (the transport answers 500).
 * `Code` widens only in the transport, for the codes it adds (rate limits, media types).
 */
export class AppError<Code extends string = ErrorCode> extends Error {
  override name = 'AppError';
  readonly code: Code;
  readonly details: ErrorDetail[] | undefined;
  /** Extra fields some errors carry beside `error` (for example a batch's `data`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: Code,
    message: string,
    options: { details?: ErrorDetail[]; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.code = code;
    this.details = options.details;
    this.extra = options.extra;
  }
}

export function isAppError(value: unknown): value is AppError<string> {
  return value instanceof AppError;
}

export function notFound(what = 'Resource'): AppError {
  return new AppError('not_found', `${what} not found`);
}

/** Turns zod issues into the contract's `details`, one entry per field (an unknown key included). */
export function detailsFromIssues(
  issues: ReadonlyArray<{
    path: ReadonlyArray<PropertyKey>;
    message: string;
    code?: string;
    keys?: string[];
  }>,
): ErrorDetail[] {
  return issues.flatMap((issue) => {
    const path = issue.path.map((part) => String(part));
    if (issue.code === 'unrecognized_keys' && issue.keys) {
      return unknownFieldDetails(path, issue.keys, issue.message);
    }
    return [{ path: path.join('.') || '(root)', message: issue.message }];
  });
}
