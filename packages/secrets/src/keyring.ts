import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';

/** AES-256: every key is 32 bytes. */
export const encryptionKeyBytes = 32;

/**
 * A key's id, stored with each ciphertext so that the key that made it can be found again once a
 * newer key encrypts: derived from the key (a domain-separated SHA-256, 48 bits), so operators
 * never name keys and two processes given the same key agree on its id. 48 bits of a hash say
 * nothing usable about a 256-bit key.
 */
function keyIdOf(key: Uint8Array): string {
  return createHash('sha256')
    .update('comptoir encryption key id\0')
    .update(key)
    .digest()
    .subarray(0, 6)
    .toString('base64url');
}

/**
 * The keys secrets are encrypted with: the current one encrypts, it and any previous one decrypt.
 * The key bytes live in KeyObjects behind private fields, so logging or serialising a keyring
 * (pino, JSON.stringify, util.inspect) shows ids at most, never key material.
 */
export class Keyring {
  readonly #keys: ReadonlyMap<string, KeyObject>;
  readonly currentKeyId: string;

  /** Use createKeyring. */
  private constructor(keys: ReadonlyMap<string, KeyObject>, currentKeyId: string) {
    this.#keys = keys;
    this.currentKeyId = currentKeyId;
  }

  /** Every key id this keyring can decrypt, the current one first. */
  get keyIds(): string[] {
    return [...this.#keys.keys()];
  }

  /** The key with this id, if the keyring holds it. */
  key(id: string): KeyObject | undefined {
    return this.#keys.get(id);
  }

  toJSON(): { currentKeyId: string; keyIds: string[] } {
    return { currentKeyId: this.currentKeyId, keyIds: this.keyIds };
  }

  /** @internal the one way in: createKeyring. */
  static of(current: Uint8Array, previous: readonly Uint8Array[]): Keyring {
    const keys = new Map<string, KeyObject>();
    for (const [position, key] of [current, ...previous].entries()) {
      if (key.length !== encryptionKeyBytes) {
        const which = position === 0 ? 'the current key' : `previous key ${position}`;
        throw new RangeError(`${which} is ${key.length} bytes; an encryption key is ${encryptionKeyBytes}`);
      }
      const id = keyIdOf(key);
      // The same key given twice (current and previous) is one key.
      if (!keys.has(id)) keys.set(id, createSecretKey(Buffer.from(key)));
    }
    return new Keyring(keys, keyIdOf(current));
  }
}

export interface KeyringKeys {
  /** Encrypts every new secret (and decrypts). */
  current: Uint8Array;
  /** Older keys, kept to decrypt what they encrypted until it is encrypted again. */
  previous?: readonly Uint8Array[] | undefined;
}

export function createKeyring(keys: KeyringKeys): Keyring {
  return Keyring.of(keys.current, keys.previous ?? []);
}

/** A fresh key as ENCRYPTION_KEY takes it: 32 random bytes in base64. */
export function generateEncryptionKey(): string {
  return randomBytes(encryptionKeyBytes).toString('base64');
}
