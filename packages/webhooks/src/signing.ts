import { createHmac, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';

const secretPrefix = 'whsec_';

/** What a delivery needs to be signed: the same three values the receiver recomputes the HMAC from. */
export interface SignedMessage {
  id: string;
  /** Unix seconds. */
  timestamp: number;
  body: string;
  /** Every secret currently valid for the endpoint; more than one only while a secret is being rotated. */
  secrets: string[];
}

// A type alias rather than an interface so it stays assignable to the sender's `Record<string, string>`.
export type WebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
  'content-type': 'application/json';
  'user-agent': string;
};

/** A fresh endpoint secret in the Standard Webhooks format (`whsec_` + base64 of 32 random bytes). */
export function generateSecret(): string {
  return secretPrefix + randomBytes(32).toString('base64');
}

/**
 * Keys already decoded, by secret. Every delivery signs with its endpoint's secret, and preparing
 * a key from bytes costs more than the HMAC of a small body (base64 decoding, then Node checking
 * and copying the bytes into a key object). Bounded: emptied when full, since secrets rotate.
 */
const keys = new Map<string, KeyObject>();
const maxCachedKeys = 1_000;

function keyOf(secret: string): KeyObject {
  const cached = keys.get(secret);
  if (cached) return cached;
  const encoded = secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret;
  const bytes = Buffer.from(encoded, 'base64');
  // An empty key would still produce a valid-looking HMAC, silently signing with no secret at all.
  if (bytes.length === 0) throw new Error('Webhook secret is empty or not base64');
  if (keys.size >= maxCachedKeys) keys.clear();
  const key = createSecretKey(bytes);
  keys.set(secret, key);
  return key;
}

/**
 * The `webhook-signature` header value: one `v1,<signature>` per secret, space-separated, so that during a
 * rotation receivers holding either the old or the new secret accept the delivery.
 */
export function signPayload({ id, timestamp, body, secrets }: SignedMessage): string {
  if (secrets.length === 0) throw new Error('At least one webhook secret is required to sign a payload');
  // Receivers parse the header as an integer; a fractional value would be signed one way and checked another.
  if (!Number.isSafeInteger(timestamp))
    throw new Error(`Webhook timestamp must be whole unix seconds, got ${timestamp}`);
  const signedContent = `${id}.${timestamp}.${body}`;
  return secrets
    .map((secret) => `v1,${createHmac('sha256', keyOf(secret)).update(signedContent).digest('base64')}`)
    .join(' ');
}

/** All headers a delivery is sent with, signature included. */
export function webhookHeaders(message: SignedMessage): WebhookHeaders {
  return {
    'webhook-id': message.id,
    'webhook-timestamp': String(message.timestamp),
    'webhook-signature': signPayload(message),
    'content-type': 'application/json',
    'user-agent': 'Comptoir-Webhooks/1.0',
  };
}
