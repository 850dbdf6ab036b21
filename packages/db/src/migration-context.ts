import type { Keyring } from '@comptoir/secrets';
import type { Configuration } from '@mikro-orm/core';

/**
 * What a migration may need beyond SQL, given by whoever runs the migrations (`pnpm cli migrate`,
 * `./run start`): the keyring of a migration that encrypts existing values. MikroORM builds each
 * migration with the ORM's Configuration and nothing else, so the context is kept per
 * Configuration for the time of one run (migrate in orm.ts).
 */
export interface MigrationContext {
  keyring?: Keyring | undefined;
}

const contexts = new WeakMap<Configuration, MigrationContext>();

export async function withMigrationContext<T>(
  config: Configuration,
  context: MigrationContext,
  run: () => Promise<T>,
): Promise<T> {
  contexts.set(config, context);
  try {
    return await run();
  } finally {
    contexts.delete(config);
  }
}

export function migrationContext(config: Configuration): MigrationContext {
  return contexts.get(config) ?? {};
}

/**
 * A migration found values it must encrypt and was given no keyring. Nothing is applied: the
 * migrations run in one transaction. Its message names no environment variable; the command that
 * ran the migration says which one to set.
 */
export class EncryptionKeyRequiredError extends Error {
  override name = 'EncryptionKeyRequiredError';
  readonly count: number;
  readonly what: string;

  constructor(count: number, what: string) {
    super(`${count} ${what} stored in clear must be encrypted, and no encryption keyring was given`);
    this.count = count;
    this.what = what;
  }
}
