import { createHash, randomBytes } from 'node:crypto';

/**
 * Key format: `svc_live_` + 32 random base62 characters + 6 base62 characters of checksum.
 * The checksum lets a mistyped or truncated key be refused without a database read.
 */
export const keyPrefix = 'svc_live_';
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const secretLength = 32;
const checksumLength = 6;
/** The shape the rulings call a key: anything else is `invalid_key_format`. */
const keyShape = new RegExp(`^${keyPrefix}[0-9A-Za-z]{${secretLength},}$`);
const keyLength = keyPrefix.length + secretLength + checksumLength;

function checksum(secret: string): string {
  const digest = createHash('sha256').update(secret).digest();
  let out = '';
  for (let i = 0; i < checksumLength; i++) out += base62[(digest[i] ?? 0) % 62];
  return out;
}

function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    // Rejection sampling keeps every character equally likely (248 = 4 * 62).
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += base62[byte % 62];
    }
  }
  return out;
}

export function generateKey(): string {
  const secret = randomBase62(secretLength);
  return `${keyPrefix}${secret}${checksum(secret)}`;
}

/** `svc_live_` and at least 32 base62 characters: what the contract calls a key. */
export function hasKeyShape(key: string): boolean {
  return keyShape.test(key);
}

/**
 * True when a key of that shape could be one we issued: our length and a matching checksum.
 * A false here is an unknown key (`invalid_key`), found without a database read.
 */
export function passesKeyChecksum(key: string): boolean {
  if (key.length !== keyLength || !keyShape.test(key)) return false;
  const body = key.slice(keyPrefix.length);
  return checksum(body.slice(0, secretLength)) === body.slice(secretLength);
}

/** Keys carry 190 random bits, so a fast hash is safe: nothing short of the key finds it. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function lastCharacters(key: string): string {
  return key.slice(-4);
}
