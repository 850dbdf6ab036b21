import { ConfigError, readOptionalEncryptionConfig } from '@comptoir/config';
import { createKeyring, type Keyring } from '@comptoir/secrets';
import { CliError } from './output.ts';

const whichKey =
  'the key the API and the worker run with: 32 random bytes in base64 (`./run start` keeps the one it made in .data/encryption-key)';

/** The keyring of ENCRYPTION_KEY (and ENCRYPTION_KEY_PREVIOUS) when set; undefined when not. */
export function optionalKeyring(): Keyring | undefined {
  try {
    const keys = readOptionalEncryptionConfig();
    return keys && createKeyring(keys);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message);
    throw error;
  }
}

/** The keyring for a command that stores or reads secrets: ENCRYPTION_KEY must be set. */
export function requiredKeyring(command: string): Keyring {
  const keyring = optionalKeyring();
  if (!keyring) {
    throw new CliError(`ENCRYPTION_KEY is not set: ${command} needs ${whichKey}.`);
  }
  return keyring;
}

/** Why a migration stopped for want of a key, and what to do. */
export function keyRequiredForMigration(count: number, what: string): CliError {
  return new CliError(
    `${count} ${what} are stored in clear and a migration encrypts them: set ENCRYPTION_KEY to ${whichKey}, then run migrate again. Nothing was applied.`,
  );
}
