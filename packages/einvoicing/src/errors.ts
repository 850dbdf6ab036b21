/**
 * - `unavailable`: the platform could not be reached or answered 5xx/429; nothing was accepted, retry later
 *   (after `retryAfterMs` when the platform said so).
 * - `timeout`: no answer in time, or the connection was lost after the request was sent. The platform may
 *   have accepted it: before submitting the same flow again, search by its trackingId.
 * - `rejected`: the platform answered 4xx; sending the same request again will fail the same way.
 * - `unauthorized`: the credentials were refused (401/403, or the token endpoint said no).
 */
export type PlatformErrorKind = 'unavailable' | 'timeout' | 'rejected' | 'unauthorized';

export interface PlatformErrorDetails {
  kind: PlatformErrorKind;
  /** What the client was doing, e.g. `submitFlow`. */
  operation: string;
  /** The HTTP status, when the platform answered. */
  status?: number;
  /** The platform's `errorCode` (XP Z12-013 Error schema), when it sent one. */
  platformCode?: string;
  /** The platform's `errorMessage`, when it sent one. */
  platformMessage?: string;
  retryAfterMs?: number;
  /** The `Request-Id` header sent, to find the call in the platform's logs. */
  requestId?: string;
}

/** Every failure of the flow client. Its message and fields never hold a token or a secret. */
export class PlatformError extends Error {
  readonly kind: PlatformErrorKind;
  readonly operation: string;
  readonly status: number | undefined;
  readonly platformCode: string | undefined;
  readonly platformMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly requestId: string | undefined;

  constructor(message: string, details: PlatformErrorDetails) {
    super(message);
    this.name = 'PlatformError';
    this.kind = details.kind;
    this.operation = details.operation;
    this.status = details.status;
    this.platformCode = details.platformCode;
    this.platformMessage = details.platformMessage;
    this.retryAfterMs = details.retryAfterMs;
    this.requestId = details.requestId;
  }
}

export function isPlatformError(error: unknown): error is PlatformError {
  return error instanceof PlatformError;
}
