import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  createKeyring,
  decryptSecret,
  encryptedSecretKeyId,
  encryptSecret,
  generateEncryptionKey,
  isEncryptedSecret,
  reencryptSecret,
  SecretDecryptionError,
  secretBinding,
} from '../src/index.ts';

const keyA = randomBytes(32);
const keyB = randomBytes(32);
const ringA = createKeyring({ current: keyA });
const ringB = createKeyring({ current: keyB });

const secrets = fc.string({ unit: 'binary', maxLength: 200 }).filter((text) => text.isWellFormed());
const bindings = fc
  .tuple(fc.string({ minLength: 1, maxLength: 30 }), fc.string({ minLength: 1, maxLength: 30 }))
  .map(([purpose, id]) => secretBinding(purpose, id));

/** The reason decryptSecret gave, or 'decrypted' when it did not throw. */
function outcome(stored: string, keyring = ringA, boundTo = 'webhook_endpoints.secret:whe_1'): string {
  try {
    decryptSecret(stored, keyring, boundTo);
    return 'decrypted';
  } catch (error) {
    if (error instanceof SecretDecryptionError) return error.reason;
    throw error;
  }
}

describe('encryptSecret and decryptSecret', () => {
  test.prop([secrets, bindings])('give back the secret they were given', (plain, boundTo) => {
    const stored = encryptSecret(plain, ringA, boundTo);
    expect(isEncryptedSecret(stored)).toBe(true);
    expect(decryptSecret(stored, ringA, boundTo)).toBe(plain);
  });

  it('store the format, the key id, a 12-byte IV and a 16-byte tag; never the clear value', () => {
    const plain = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const stored = encryptSecret(plain, ringA, 'webhook_endpoints.secret:whe_1');
    const [marker, version, keyId, iv, tag, ciphertext] = stored.split(':');
    expect([marker, version, keyId]).toEqual(['enc', 'v1', ringA.currentKeyId]);
    expect(Buffer.from(iv ?? '', 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag ?? '', 'base64url')).toHaveLength(16);
    expect(Buffer.from(ciphertext ?? '', 'base64url')).toHaveLength(Buffer.byteLength(plain));
    expect(stored).not.toContain(plain);
    expect(stored).not.toContain(plain.slice('whsec_'.length));
    expect(encryptedSecretKeyId(stored)).toBe(ringA.currentKeyId);
  });

  it('use a fresh IV each time: one secret encrypted twice gives two values', () => {
    const stored = Array.from({ length: 200 }, () => encryptSecret('same', ringA, 'p:1'));
    expect(new Set(stored).size).toBe(200);
    expect(new Set(stored.map((value) => value.split(':')[3])).size).toBe(200);
  });

  test.prop([secrets, fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })])(
    'refuse a stored value with any character changed',
    (plain, at, replacement) => {
      const stored = encryptSecret(plain, ringA, 'webhook_endpoints.secret:whe_1');
      const position = at % stored.length;
      fc.pre(stored[position] !== replacement);
      const tampered = stored.slice(0, position) + replacement + stored.slice(position + 1);
      expect(outcome(tampered)).not.toBe('decrypted');
    },
  );

  test.prop([secrets, fc.nat(), fc.integer({ min: 0, max: 7 })])(
    'refuse a stored value with any bit of its IV, tag or ciphertext flipped',
    (plain, at, bit) => {
      const stored = encryptSecret(plain, ringA, 'webhook_endpoints.secret:whe_1');
      const [marker, version, keyId, ...parts] = stored.split(':');
      const bytes = Buffer.concat(parts.map((part) => Buffer.from(part, 'base64url')));
      const position = at % bytes.length;
      bytes.writeUInt8((bytes.readUInt8(position) ^ (1 << bit)) & 0xff, position);
      const iv = bytes.subarray(0, 12);
      const tag = bytes.subarray(12, 28);
      const ciphertext = bytes.subarray(28);
      const flipped = [marker, version, keyId, ...[iv, tag, ciphertext].map((b) => b.toString('base64url'))];
      expect(outcome(flipped.join(':'))).toBe('not_authentic');
    },
  );

  test.prop([secrets, bindings, bindings])(
    'refuse a value bound to another record or purpose (associated data)',
    (plain, boundTo, other) => {
      fc.pre(boundTo !== other);
      const stored = encryptSecret(plain, ringA, boundTo);
      expect(outcome(stored, ringA, other)).toBe('not_authentic');
    },
  );

  test.prop([secrets])('refuse a value encrypted with another key', (plain) => {
    const stored = encryptSecret(plain, ringA, 'p:1');
    expect(outcome(stored, ringB, 'p:1')).toBe('unknown_key');
    // Relabelled with the other key's id, it still does not decrypt.
    const relabelled = stored.replace(`:${ringA.currentKeyId}:`, `:${ringB.currentKeyId}:`);
    expect(outcome(relabelled, ringB, 'p:1')).toBe('not_authentic');
  });

  it('refuse another spelling of the same bytes: base64url whose unused bits are set', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const parts = encryptSecret('whsec_x', ringA, 'p:1').split(':');
    // 16 bytes take 22 characters, whose last 4 bits carry nothing: flipping one keeps the bytes.
    const tag = parts[4] ?? '';
    const respelled = tag.slice(0, -1) + alphabet[alphabet.indexOf(tag.slice(-1)) ^ 1];
    expect(Buffer.from(respelled, 'base64url')).toEqual(Buffer.from(tag, 'base64url'));
    parts[4] = respelled;
    expect(outcome(parts.join(':'), ringA, 'p:1')).toBe('malformed');
  });

  it('refuse clear text, truncated values and unknown versions as malformed', () => {
    const stored = encryptSecret('whsec_abc', ringA, 'p:1');
    for (const value of [
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      '',
      stored.slice(0, stored.lastIndexOf(':')),
      stored.replace('enc:v1:', 'enc:v2:'),
      `${stored}:`,
      `${stored}=`,
    ]) {
      expect(outcome(value, ringA, 'p:1'), value).toBe('malformed');
    }
    expect(isEncryptedSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(false);
  });

  it('say why without the value: the error holds neither the clear secret nor the stored one', () => {
    const plain = 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQ=';
    const stored = encryptSecret(plain, ringA, 'p:1');
    const error = (() => {
      try {
        decryptSecret(stored, ringA, 'p:2');
      } catch (caught) {
        return caught as SecretDecryptionError;
      }
    })();
    expect(error).toBeInstanceOf(SecretDecryptionError);
    const shown = `${error?.message} ${inspect(error)} ${JSON.stringify(error)}`;
    expect(shown).not.toContain(plain);
    expect(shown).not.toContain(stored.split(':')[5]);
    expect(error?.keyId).toBe(ringA.currentKeyId);
  });

  it('refuse to encrypt what could not come back as it was, or without a binding', () => {
    expect(() => encryptSecret('\uD800', ringA, 'p:1')).toThrow(TypeError);
    expect(() => encryptSecret('whsec_x', ringA, '')).toThrow(TypeError);
    expect(() => secretBinding('webhook_endpoints.secret', '')).toThrow(TypeError);
  });
});

describe('keyrings', () => {
  it('decrypt with a previous key after a new one is introduced; encrypt with the new one', () => {
    const old = encryptSecret('whsec_old', ringA, 'p:1');
    const rotated = createKeyring({ current: keyB, previous: [keyA] });
    expect(rotated.keyIds).toEqual([ringB.currentKeyId, ringA.currentKeyId]);
    expect(decryptSecret(old, rotated, 'p:1')).toBe('whsec_old');
    const fresh = encryptSecret('whsec_new', rotated, 'p:1');
    expect(encryptedSecretKeyId(fresh)).toBe(ringB.currentKeyId);
    expect(outcome(fresh, ringA, 'p:1')).toBe('unknown_key');

    // Encrypted again under the new key, the old key can go.
    const moved = reencryptSecret(old, rotated, 'p:1') as string;
    expect(encryptedSecretKeyId(moved)).toBe(ringB.currentKeyId);
    expect(decryptSecret(moved, ringB, 'p:1')).toBe('whsec_old');
    expect(reencryptSecret(moved, rotated, 'p:1')).toBeUndefined();
  });

  it('derive the same id from the same key in any process, and count a key given twice once', () => {
    expect(createKeyring({ current: Buffer.from(keyA) }).currentKeyId).toBe(ringA.currentKeyId);
    expect(createKeyring({ current: keyA, previous: [keyA, keyB, keyB] }).keyIds).toHaveLength(2);
    expect(ringA.currentKeyId).not.toBe(ringB.currentKeyId);
  });

  it('refuse keys that are not 32 bytes', () => {
    expect(() => createKeyring({ current: randomBytes(31) })).toThrow(/32/);
    expect(() => createKeyring({ current: keyA, previous: [randomBytes(16)] })).toThrow(/previous key 1/);
  });

  it('never show key material when logged or serialised', () => {
    const ring = createKeyring({ current: keyA, previous: [keyB] });
    const shown = `${JSON.stringify(ring)} ${inspect(ring, { depth: 10, showHidden: true })} ${String(ring)}`;
    for (const key of [keyA, keyB]) {
      for (const encoding of ['base64', 'base64url', 'hex'] as const) {
        expect(shown).not.toContain(key.toString(encoding));
      }
    }
    expect(JSON.parse(JSON.stringify(ring))).toEqual({
      currentKeyId: ring.currentKeyId,
      keyIds: ring.keyIds,
    });
  });

  it('generate keys as ENCRYPTION_KEY takes them: 32 random bytes in base64', () => {
    const key = generateEncryptionKey();
    expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(generateEncryptionKey()).not.toBe(key);
  });
});
