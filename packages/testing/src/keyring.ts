import { createKeyring, type Keyring } from '@comptoir/secrets';
import { inject } from 'vitest';
import './provided.ts';

/** The run's ENCRYPTION_KEY (base64), for the processes a test starts. */
export function testEncryptionKey(): string {
  return inject('encryptionKey');
}

/** The keyring of the run's ENCRYPTION_KEY, as the API and the worker build it. */
export function testKeyring(): Keyring {
  return createKeyring({ current: Buffer.from(testEncryptionKey(), 'base64') });
}
