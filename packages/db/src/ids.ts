import { randomBytes } from 'node:crypto';

/** Type prefixes of every id (rulings: "Ids and numbers"). */
export const idPrefixes = {
  invoice: 'inv',
  invoiceLine: 'iln',
  payment: 'pay',
  quoteLine: 'qln',
  quote: 'quo',
  contact: 'con',
  company: 'cmp',
  opportunity: 'opp',
  product: 'prd',
  movement: 'mov',
  event: 'evt',
  webhookEndpoint: 'whe',
  webhookDelivery: 'dlv',
  apiKey: 'key',
  workspace: 'wsp',
  document: 'doc',
  supplierInvoice: 'sinv',
  supplierInvoiceLine: 'sil',
  supplierPayment: 'spy',
  einvoiceStatusOwed: 'eso',
  einvoiceStatusChange: 'eis',
  user: 'usr',
  session: 'ses',
  account: 'acc',
  verification: 'vrf',
  membership: 'mbr',
  invitation: 'invt',
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

// Ids made in the same millisecond by this process count up from the previous one, so ids
// of one batch (ledger rows, events) sort in the order they were made. The time's digits are
// kept with them: a 200-movement batch makes 400 ids, mostly within one millisecond.
let lastTime = -1;
let lastTimeDigits = '';
const lastRandom = new Uint8Array(randomLength);

function countUp(): void {
  let position = randomLength - 1;
  while (position >= 0 && lastRandom[position] === 31) lastRandom[position--] = 0;
  if (position >= 0) lastRandom[position] = (lastRandom[position] ?? 0) + 1;
}

function drawRandom(): void {
  const bytes = randomBytes(randomLength);
  // The first digit stays below 16 so that a millisecond's increments never wrap around.
  for (let index = 0; index < randomLength; index++) {
    lastRandom[index] = (bytes[index] ?? 0) & (index === 0 ? 15 : 31);
  }
}

/**
 * A new id such as `prd_01jq3v8x2k7m9n4p6r8t0w2y4a`: prefix, 48-bit time, 79 random bits
 * (counting up within a millisecond).
 */
export function newId(kind: IdKind, now: number = Date.now()): string {
  if (now === lastTime) {
    countUp();
  } else {
    lastTime = now;
    lastTimeDigits = encodeTime(now);
    drawRandom();
  }
  let id = `${idPrefixes[kind]}_${lastTimeDigits}`;
  for (const digit of lastRandom) id += alphabet[digit];
  return id;
}

// A prefix of 3 letters, or 4 (`sinv_`, rulings: "E-invoicing").
const idShape = new RegExp(`^[a-z]{3,4}_[${alphabet}]{${timeLength + randomLength}}$`);

/** True when `value` has the shape of an id of that kind (it may still not exist). */
export function isIdOf(kind: IdKind, value: string): boolean {
  return value.startsWith(`${idPrefixes[kind]}_`) && idShape.test(value);
}
