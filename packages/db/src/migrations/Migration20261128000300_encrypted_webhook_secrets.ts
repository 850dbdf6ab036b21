import { encryptSecret, isEncryptedSecret, secretBinding } from '@comptoir/secrets';
import { Migration } from '@mikro-orm/migrations';
import { EncryptionKeyRequiredError, migrationContext } from '../migration-context.ts';

interface ClearRow {
  id: string;
  secret: string;
  previous_secret: string | null;
}

const isClear = (value: string | null): value is string => value !== null && !isEncryptedSecret(value);

/**
 * Webhook endpoints' signing secrets (and the previous one kept for a day after a rotation) are
 * stored encrypted (@comptoir/secrets, issue 34): the values still in clear are encrypted with the
 * keyring that `pnpm cli migrate` passes (from ENCRYPTION_KEY), then a check refuses clear text
 * from then on, so no code path can store it again.
 *
 * What is clear is told by the value itself: an encrypted one starts with `enc:` (a `whsec_` secret
 * never does). So the migration only touches clear values; on an empty table, or one with none,
 * it needs no key. Found clear values and no keyring: it fails, naming how many, and nothing is
 * applied.
 *
 * The binding is frozen here as core's webhooks/secrets.ts writes it (`webhook_endpoints.secret:`
 * + the endpoint id, for both columns: a rotation moves the value from one to the other).
 */
export class Migration20261128000300_encrypted_webhook_secrets extends Migration {
  override name = 'Migration20261128000300_encrypted_webhook_secrets';

  override async up(): Promise<void> {
    // Writers wait for the commit: a secret written in clear between the read and the check would
    // otherwise fail the check. Reads (and deliveries) go on.
    await this.execute('lock table webhook_endpoints in share row exclusive mode');
    const rows = (await this.execute(
      `select id, secret, previous_secret from webhook_endpoints
        where not starts_with(secret, 'enc:') or not starts_with(previous_secret, 'enc:')`,
    )) as unknown as ClearRow[];
    if (rows.length > 0) {
      const { keyring } = migrationContext(this.config);
      if (!keyring) throw new EncryptionKeyRequiredError(rows.length, 'webhook endpoint signing secrets');
      const encrypt = (row: ClearRow, value: string | null) =>
        isClear(value)
          ? encryptSecret(value, keyring, secretBinding('webhook_endpoints.secret', row.id))
          : value;
      for (let start = 0; start < rows.length; start += 500) {
        const batch = rows.slice(start, start + 500).map((row) => ({
          id: row.id,
          secret: encrypt(row, row.secret),
          previous_secret: encrypt(row, row.previous_secret),
        }));
        await this.execute(
          `update webhook_endpoints e set secret = v.secret, previous_secret = v.previous_secret
             from jsonb_to_recordset(?::jsonb) as v(id text, secret text, previous_secret text)
            where e.id = v.id`,
          [JSON.stringify(batch)],
        );
      }
    }
    await this.execute(
      `alter table webhook_endpoints
         add constraint webhook_endpoints_secret_encrypted check (starts_with(secret, 'enc:')),
         add constraint webhook_endpoints_previous_secret_encrypted
           check (previous_secret is null or starts_with(previous_secret, 'enc:'))`,
    );
  }
}
