import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readEncryptionConfig, readOptional } from '@comptoir/config';
import { generateEncryptionKey } from '@comptoir/secrets';

/**
 * ENCRYPTION_KEY for `./run start`: the one set, else the local one kept in `file` (beside the
 * local database, in the git-ignored .data/), made on the first start without one. Kept, not
 * made per start: the secrets stored in the local database are encrypted with it, so the next
 * start must decrypt them. Checked here as the API and the worker check it, before anything
 * uses it.
 */
export function localEncryptionKey(file: string, say: (line: string) => void): string {
  const given = readOptional('ENCRYPTION_KEY');
  if (given !== undefined) {
    readEncryptionConfig({ ENCRYPTION_KEY: given });
    return given;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    const made = generateEncryptionKey();
    // `wx`: never over a kept key (nor one another start makes at the same time); owner-only.
    writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
    say(
      `ENCRYPTION_KEY unset: generated a local key, kept in ${file} for the next starts (production sets its own)`,
    );
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const kept = readFileSync(file, 'utf8').trim();
  readEncryptionConfig({ ENCRYPTION_KEY: kept });
  say(`ENCRYPTION_KEY unset: using the local key kept in ${file}`);
  return kept;
}
