import { type EntityManager, inTransaction } from '@comptoir/db';
import type { Keyring } from '@comptoir/secrets';
import { resealSigningSecret } from './secrets.ts';
import { lockStoredSecrets, type StoredSecretsRow, writeStoredSecrets } from './store.ts';

const batchSize = 200;

/**
 * Encrypts again with the keyring's current key every stored signing secret an older key of the
 * keyring encrypted (deleted endpoints' too), so that the older key can be retired. Batches of
 * endpoints by id, each in a transaction of its own with its rows locked: a rotation meanwhile
 * waits for the batch, then encrypts with its own keyring. A value no key of the keyring opens
 * stops it (SecretDecryptionError) with what was done so far kept.
 */
export async function reencryptSigningSecrets(
  em: EntityManager,
  keyring: Keyring,
): Promise<{ endpoints: number; reencrypted: number }> {
  let afterId = '';
  let endpoints = 0;
  let reencrypted = 0;
  for (;;) {
    const batch = await inTransaction(em, async (tx) => {
      const rows = await lockStoredSecrets(tx, afterId, batchSize);
      const changed: StoredSecretsRow[] = [];
      for (const row of rows) {
        const secret = resealSigningSecret(row.id, row.secret, keyring);
        const previous =
          row.previous_secret === null
            ? undefined
            : resealSigningSecret(row.id, row.previous_secret, keyring);
        if (secret === undefined && previous === undefined) continue;
        changed.push({
          id: row.id,
          secret: secret ?? row.secret,
          previous_secret: previous ?? row.previous_secret,
        });
      }
      await writeStoredSecrets(tx, changed);
      return { rows, changed: changed.length };
    });
    endpoints += batch.rows.length;
    reencrypted += batch.changed;
    const last = batch.rows.at(-1);
    if (!last || batch.rows.length < batchSize) return { endpoints, reencrypted };
    afterId = last.id;
  }
}
