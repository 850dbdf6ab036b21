import { EncryptionKeyRequiredError, migrate } from '@comptoir/db';
import { withOrm } from '../database.ts';
import { keyRequiredForMigration, optionalKeyring } from '../keyring.ts';
import type { Output } from '../output.ts';

/**
 * `migrate`: applies the pending database migrations (an operator's step, never the API's).
 * ENCRYPTION_KEY is passed to the migrations that encrypt values stored in clear; it is needed
 * only when there are some.
 */
export async function migrateCommand(out: Output) {
  const keyring = optionalKeyring();
  const applied = await withOrm(async (orm) => {
    try {
      return await migrate(orm, { keyring });
    } catch (error) {
      const missing = keyMissing(error);
      if (missing) throw keyRequiredForMigration(missing.count, missing.what);
      throw error;
    }
  });
  out.result({ applied }, () =>
    applied.length === 0 ? ['Database schema is up to date.'] : applied.map((name) => `Applied ${name}`),
  );
}

/** The migration's own error, however MikroORM's migrator wrapped it. */
function keyMissing(error: unknown): EncryptionKeyRequiredError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof EncryptionKeyRequiredError) return cause;
  }
  return undefined;
}
