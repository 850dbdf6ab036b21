import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Keyring } from './keyring.ts';

/**
 * A stored secret is one line of text: `enc:v1:<keyId>:<iv>:<tag>:<ciphertext>`, the binary parts
 * in unpadded base64url. Text, so it fits the text columns that held the clear values and reads
 * the same in a dump; the prefix tells an encrypted value from a clear one (what a migration that
 * encrypts existing rows looks for) and names the format, so another can follow.
 */
const prefix = 'enc:';
const version = 'v1';
const algorithm = 'aes-256-gcm';
/** GCM's standard nonce: random per encryption, so one key may encrypt about 2^32 values. */
const ivBytes = 12;
const tagBytes = 16;

/** Why a stored secret did not decrypt. */
export type SecretDecryptionFailure =
  /** Not a value encryptSecret wrote (clear text, truncated, or a format this code does not know). */
  | 'malformed'
  /** Encrypted with a key the keyring does not hold. */
  | 'unknown_key'
  /** The tag did not verify: the value was changed, belongs to another row or purpose, or the key differs. */
  | 'not_authentic';

const messages: Record<SecretDecryptionFailure, string> = {
  malformed: 'the stored value is not an encrypted secret',
  unknown_key: 'the secret was encrypted with a key the keyring does not hold',
  not_authentic:
    'the secret does not decrypt: it was altered, it belongs to another record or purpose, or its key differs',
};

/** Never carries the value, clear or encrypted: only why, and the key id it named. */
export class SecretDecryptionError extends Error {
  override name = 'SecretDecryptionError';
  readonly reason: SecretDecryptionFailure;
  readonly keyId: string | undefined;

  constructor(reason: SecretDecryptionFailure, keyId?: string) {
    super(keyId === undefined ? messages[reason] : `${messages[reason]} (key ${keyId})`);
    this.reason = reason;
    this.keyId = keyId;
  }
}

/**
 * What a ciphertext is bound to: `<purpose>:<record id>`, e.g.
 * `webhook_endpoints.secret:whe_…`. Authenticated with it (GCM associated data), so a value copied
 * onto another record, or into a column of another purpose, does not decrypt.
 */
export function secretBinding(purpose: string, recordId: string): string {
  if (purpose === '' || recordId === '')
    throw new TypeError('a secret binding needs a purpose and a record id');
  return `${purpose}:${recordId}`;
}

/** The header is authenticated too: a value whose key id or version was changed does not decrypt. */
const associatedData = (keyId: string, boundTo: string) =>
  Buffer.from(`${prefix}${version}:${keyId}\n${boundTo}`, 'utf8');

/** Encrypts `plain` with the keyring's current key, bound to `boundTo` (see secretBinding). */
export function encryptSecret(plain: string, keyring: Keyring, boundTo: string): string {
  if (boundTo === '') throw new TypeError('a secret must be bound to its record and purpose');
  // A lone surrogate has no UTF-8 form: it would come back as U+FFFD, not as what was stored.
  if (!plain.isWellFormed()) throw new TypeError('a secret must be well-formed Unicode');
  const keyId = keyring.currentKeyId;
  const key = keyring.key(keyId);
  if (!key) throw new Error('the keyring has no current key');
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv(algorithm, key, iv, { authTagLength: tagBytes });
  cipher.setAAD(associatedData(keyId, boundTo));
  const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((bytes) => bytes.toString('base64url'));
  return `${prefix}${version}:${keyId}:${parts.join(':')}`;
}

/** Whether a stored value is one encryptSecret wrote (of any version), as opposed to clear text. */
export function isEncryptedSecret(stored: string): boolean {
  return stored.startsWith(prefix);
}

/** The id of the key a stored secret was encrypted with; undefined when it is not one. */
export function encryptedSecretKeyId(stored: string): string | undefined {
  return parse(stored)?.keyId;
}

/** Only the canonical unpadded base64url of exactly `length` bytes, so no two texts decode alike. */
function bytesOf(text: string | undefined, length?: number): Buffer | undefined {
  if (text === undefined || !/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  const bytes = Buffer.from(text, 'base64url');
  if (bytes.toString('base64url') !== text) return undefined;
  if (length !== undefined && bytes.length !== length) return undefined;
  return bytes;
}

function parse(stored: string) {
  const [marker, storedVersion, keyId, ...rest] = stored.split(':');
  if (`${marker}:` !== prefix || storedVersion !== version || !keyId || rest.length !== 3) return undefined;
  const iv = bytesOf(rest[0], ivBytes);
  const tag = bytesOf(rest[1], tagBytes);
  const ciphertext = bytesOf(rest[2]);
  if (!iv || !tag || !ciphertext) return undefined;
  return { keyId, iv, tag, ciphertext };
}

/**
 * The clear secret, if `stored` was encrypted by a key of the keyring for `boundTo`; else throws
 * SecretDecryptionError (its message never holds the value).
 */
export function decryptSecret(stored: string, keyring: Keyring, boundTo: string): string {
  const parsed = parse(stored);
  if (!parsed) throw new SecretDecryptionError('malformed');
  const key = keyring.key(parsed.keyId);
  if (!key) throw new SecretDecryptionError('unknown_key', parsed.keyId);
  const decipher = createDecipheriv(algorithm, key, parsed.iv, { authTagLength: tagBytes });
  decipher.setAAD(associatedData(parsed.keyId, boundTo));
  decipher.setAuthTag(parsed.tag);
  let plain: Buffer;
  try {
    plain = Buffer.concat([decipher.update(parsed.ciphertext), decipher.final()]);
  } catch {
    throw new SecretDecryptionError('not_authentic', parsed.keyId);
  }
  return plain.toString('utf8');
}

/**
 * `stored` encrypted again with the keyring's current key when an older key encrypted it (so that
 * key can be retired); undefined when it is already under the current key.
 */
export function reencryptSecret(stored: string, keyring: Keyring, boundTo: string): string | undefined {
  const plain = decryptSecret(stored, keyring, boundTo);
  if (encryptedSecretKeyId(stored) === keyring.currentKeyId) return undefined;
  return encryptSecret(plain, keyring, boundTo);
}
