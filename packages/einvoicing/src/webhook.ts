import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Flow, flowSchema } from './schemas.ts';

// XP Z12-013 1.2.0 lets a webhook subscription carry a signature block (algorithm HS256 among others, and
// a key) and the callback a `Signature` header, base64, but leaves open what is signed ("body, headers,
// timestamp?", "a canonical form?"). Until the standard settles it, a platform is expected to sign as
// below, which is what the local platform does; a platform that signs otherwise needs its own verifier.
//   Signature-Timestamp: unix seconds
//   Signature:           base64(HMAC-SHA256(secret, `${timestamp}.${body}`))
// The timestamp is inside the signed content so that a captured delivery cannot be replayed later.

export const signatureHeader = 'signature';
export const signatureTimestampHeader = 'signature-timestamp';
export const defaultWebhookToleranceSeconds = 5 * 60;

export type WebhookRefusal =
  | 'missing_signature'
  | 'invalid_timestamp'
  | 'timestamp_out_of_tolerance'
  | 'signature_mismatch'
  | 'invalid_payload';

export class WebhookVerificationError extends Error {
  readonly reason: WebhookRefusal;

  constructor(reason: WebhookRefusal, message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
    this.reason = reason;
  }
}

export interface VerifyWebhookInput {
  /** The raw body exactly as received: a re-serialized JSON would not match the signature. */
  body: string | Uint8Array;
  /** Header names in any case; a repeated header (an array) is refused. */
  headers: Headers | Record<string, string | string[] | undefined>;
  secret: string;
  toleranceSeconds?: number;
  /** Milliseconds since the epoch; for tests. */
  now?: number;
}

function header(headers: VerifyWebhookInput['headers'], name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}

/** The `Signature` header value for a body and a timestamp. */
export function computeWebhookSignature(
  secret: string,
  timestamp: string,
  body: string | Uint8Array,
): string {
  if (secret.length === 0) throw new Error('The webhook secret is empty');
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('base64');
}

/**
 * Checks a platform webhook (new flow, or a flow whose acknowledgement changed) and returns its payload,
 * a Flow. Throws WebhookVerificationError when the signature is missing or wrong, the timestamp is more
 * than the tolerance (5 minutes) away from now, or the body is not a Flow.
 *
 * A delivery replayed within the tolerance passes: deliveries are at least once anyway, and the
 * lifecycle model makes a repeated report change nothing.
 */
export function verifyPlatformWebhook(input: VerifyWebhookInput): Flow {
  const signature = header(input.headers, signatureHeader);
  const timestamp = header(input.headers, signatureTimestampHeader);
  if (!signature || !timestamp) {
    throw new WebhookVerificationError('missing_signature', 'The webhook carries no signature or timestamp');
  }
  if (!/^\d{1,12}$/.test(timestamp)) {
    throw new WebhookVerificationError('invalid_timestamp', 'The webhook timestamp is not unix seconds');
  }
  const tolerance = input.toleranceSeconds ?? defaultWebhookToleranceSeconds;
  const nowSeconds = Math.floor((input.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError(
      'timestamp_out_of_tolerance',
      `The webhook timestamp is more than ${tolerance} seconds away from now`,
    );
  }
  const expected = Buffer.from(computeWebhookSignature(input.secret, timestamp, input.body), 'base64');
  const received = Buffer.from(signature.trim(), 'base64');
  // timingSafeEqual needs equal lengths; the length of an HMAC-SHA256 is public anyway.
  if (received.length !== expected.length || !timingSafeEqual(received, expected)) {
    throw new WebhookVerificationError('signature_mismatch', 'The webhook signature does not match');
  }
  const text = typeof input.body === 'string' ? input.body : new TextDecoder().decode(input.body);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The webhook body is not JSON');
  }
  const parsed = flowSchema.safeParse(json);
  if (!parsed.success) {
    throw new WebhookVerificationError('invalid_payload', 'The webhook body is not a Flow');
  }
  return parsed.data;
}
