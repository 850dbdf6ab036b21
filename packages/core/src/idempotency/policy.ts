import { createHash } from 'node:crypto';
import { AppError } from '../errors/index.ts';

/** How long a key's result is kept (rulings: "Idempotency"). */
export const idempotencyRetentionHours = 24;
/** How long a request waits for another one running with the same key before 409. */
export const idempotencyWaitSeconds = 5;

export const idempotencyKeyLength = { min: 8, max: 255 } as const;

/** Keys are scoped to the workspace and the endpoint (the procedure path, `products.adjust`). */
export interface IdempotencyScope {
  workspaceId: string;
  endpoint: string;
  key: string;
}

/** What a replay answers: the first request's status and body. */
export interface StoredResult {
  status: number;
  body: unknown;
}

export function checkIdempotencyKey(key: string): void {
  if (key.length < idempotencyKeyLength.min || key.length > idempotencyKeyLength.max) {
    throw new AppError(
      'invalid_idempotency_key',
      `Idempotency-Key must be ${idempotencyKeyLength.min} to ${idempotencyKeyLength.max} characters long`,
    );
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, item]) => [name, canonical(item)]),
    );
  }
  return value;
}

/** The request as a hash: the same body with its fields in another order is the same request. */
export function requestFingerprint(input: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)) ?? '')
    .digest('base64url');
}
