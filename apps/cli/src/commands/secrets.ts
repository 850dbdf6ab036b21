import { reencryptSigningSecrets } from '@comptoir/core';
import { SecretDecryptionError } from '@comptoir/secrets';
import { withOrm } from '../database.ts';
import { requiredKeyring } from '../keyring.ts';
import { CliError, type Output } from '../output.ts';

/**
 * `secrets reencrypt`: every stored secret an earlier key encrypted (ENCRYPTION_KEY_PREVIOUS) is
 * encrypted again with ENCRYPTION_KEY, so the earlier key can be dropped.
 */
export async function secretsReencrypt(out: Output) {
  const keyring = requiredKeyring('secrets reencrypt');
  const { endpoints, reencrypted } = await withOrm(async (orm) => {
    try {
      return await reencryptSigningSecrets(orm.em.fork(), keyring);
    } catch (error) {
      if (!(error instanceof SecretDecryptionError)) throw error;
      throw new CliError(
        `a stored secret does not open with ENCRYPTION_KEY or ENCRYPTION_KEY_PREVIOUS (${error.message}): add the key it was encrypted with to ENCRYPTION_KEY_PREVIOUS and run it again. The endpoints done before it keep their new encryption.`,
      );
    }
  });
  out.result({ keyId: keyring.currentKeyId, endpoints, reencrypted }, () => [
    `Webhook endpoints: ${endpoints}; signing secrets encrypted again with key ${keyring.currentKeyId}: ${reencrypted}.`,
    'Every stored secret is now under ENCRYPTION_KEY: the earlier keys can leave ENCRYPTION_KEY_PREVIOUS.',
  ]);
}
