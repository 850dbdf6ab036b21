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

/**
 * An Idempotency-Key handed to a use case that claims it in the statement of its effect and
 * stores its answer there too, so a keyed write is one round trip, not a transaction around the
 * procedure (docs/benchmarks.md, "Stock writes, part 2"). Only the answer of an applied write is
 * stored that way; a refusal writes nothing and the transport stores it as for other procedures.
 */
export interface KeyedWrite {
  scope: IdempotencyScope;
  fingerprint: string;
  /** The stored answer's status when the write applies. */
  status: number;
  /** The stored answer's body is `{ [resultField]: result }`: the transport's record envelope. */
  resultField: string;
}

/** A keyed write found its key already answered and wrote nothing: the caller replays the answer. */
export class IdempotencyKeyTaken extends Error {
  constructor() {
    super('the Idempotency-Key already has an answer');
    this.name = 'IdempotencyKeyTaken';
  }
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
