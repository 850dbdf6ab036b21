import {
  decryptSecret,
  encryptSecret,
  type Keyring,
  reencryptSecret,
  type SecretDecryptionError,
  secretBinding,
} from '@comptoir/secrets';
import type { SendResult } from '@comptoir/webhooks';

// An endpoint's signing secrets at rest: encrypted with the service's keyring, bound to the
// endpoint. Both columns (the secret, and the previous one kept after a rotation) share one
// binding, since a rotation moves the value from one to the other. The migration that encrypted
// the secrets stored in clear (Migration20261128000300_encrypted_webhook_secrets) froze this text.
const signingSecretPurpose = 'webhook_endpoints.secret';

const bindingOf = (endpointId: string) => secretBinding(signingSecretPurpose, endpointId);

/** A signing secret as it is stored for this endpoint. */
export function sealSigningSecret(endpointId: string, secret: string, keyring: Keyring): string {
  return encryptSecret(secret, keyring, bindingOf(endpointId));
}

/**
 * A stored signing secret encrypted again with the keyring's current key, when an older key
 * encrypted it; undefined when it is already under the current key.
 */
export function resealSigningSecret(
  endpointId: string,
  stored: string,
  keyring: Keyring,
): string | undefined {
  return reencryptSecret(stored, keyring, bindingOf(endpointId));
}

/**
 * Clear secrets by stored value, per keyring: a delivery signs with its endpoint's secrets, and
 * the values only change with a rotation. Bounded: emptied when full, as the signer's own keys
 * are (packages/webhooks). Keyed by the binding too, so a value copied onto another endpoint is
 * decrypted (and refused) for it rather than found here.
 */
const opened = new WeakMap<Keyring, Map<string, string>>();
const maxOpened = 1_000;

function openSigningSecret(endpointId: string, stored: string, keyring: Keyring): string {
  let cache = opened.get(keyring);
  if (!cache) {
    cache = new Map();
    opened.set(keyring, cache);
  }
  const key = `${endpointId}\n${stored}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const secret = decryptSecret(stored, keyring, bindingOf(endpointId));
  if (cache.size >= maxOpened) cache.clear();
  cache.set(key, secret);
  return secret;
}

/**
 * The clear secrets a delivery is signed with, from their stored values. Throws
 * SecretDecryptionError when one does not decrypt (see unreadableSecretsResult).
 */
export function signingSecrets(
  endpoint: { id: string; encryptedSecrets: readonly string[] },
  keyring: Keyring,
): string[] {
  return endpoint.encryptedSecrets.map((stored) => openSigningSecret(endpoint.id, stored, keyring));
}

/**
 * The attempt of a delivery whose secrets do not decrypt (a keyring without the key they were
 * encrypted with, or an altered value): nothing is sent, the delivery log shows why, and it is
 * tried again on the schedule, so that a keyring fixed meanwhile lets the retry through.
 */
export function unreadableSecretsResult(error: SecretDecryptionError): SendResult {
  return {
    ok: false,
    status: null,
    durationMs: 0,
    error: `signing_secret_unreadable: ${error.message}`,
    retryAfter: null,
    responseBody: '',
  };
}
