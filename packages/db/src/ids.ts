import { randomBytes } from 'node:crypto';

/** Type prefixes of every id (rulings: "Ids and numbers"). */
export const idPrefixes = {
  invoice: 'inv',
  invoiceLine: 'iln',
  quoteLine: 'qln',
  quote: 'quo',
  contact: 'con',
  company: 'cmp',
  opportunity: 'opp',
  product: 'prd',
  movement: 'mov',
  event: 'evt',
  webhookEndpoint: 'whe',
  apiKey: 'key',
  workspace: 'wsp',
} as const;

export type IdKind = keyof typeof idPrefixes;
export type IdPrefix = (typeof idPrefixes)[IdKind];

// Crockford base32, lower case: URL-safe, no ambiguous letters, sorts like the time it encodes.
const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
const timeLength = 10;
const randomLength = 16;

function encodeTime(ms: number): string {
  let out = '';
  let rest = ms;
  for (let i = 0; i < timeLength; i++) {
    out = alphabet[rest % 32] + out;
    rest = Math.floor(rest / 32);
  }
  return out;
}

function encodeRandom(): string {
  const bytes = randomBytes(randomLength);
  let out = '';
  for (const byte of bytes) out += alphabet[byte & 31];
  return out;
}

/** A new id such as `prd_01jq3v8x2k7m9n4p6r8t0w2y4a`: prefix, 48-bit time, 80 random bits. */
export function newId(kind: IdKind, now: number = Date.now()): string {
  return `${idPrefixes[kind]}_${encodeTime(now)}${encodeRandom()}`;
}

const idShape = new RegExp(`^[a-z]{3}_[${alphabet}]{${timeLength + randomLength}}$`);

/** True when `value` has the shape of an id of that kind (it may still not exist). */
export function isIdOf(kind: IdKind, value: string): boolean {
  return value.startsWith(`${idPrefixes[kind]}_`) && idShape.test(value);
}
