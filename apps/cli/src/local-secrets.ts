import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { readAuthConfig, readOptional } from '@comptoir/config';

/**
 * A secret of `./run start` kept in `file` (in the git-ignored .data/, owner-only): made on the
 * first start, read on the next ones, never over a kept one. Like the local ENCRYPTION_KEY
 * (local-key.ts).
 */
function keptSecret(file: string, make: () => string): { value: string; made: boolean } {
  mkdirSync(dirname(file), { recursive: true });
  try {
    const made = make();
    writeFileSync(file, `${made}\n`, { mode: 0o600, flag: 'wx' });
    return { value: made, made: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return { value: readFileSync(file, 'utf8').trim(), made: false };
}

/**
 * AUTH_SECRET for `./run start`: the one set, else the local one kept in `file`. Kept, not made
 * per start: it signs the session cookies, so a restart keeps people signed in.
 */
export function localAuthSecret(file: string, say: (line: string) => void): string {
  const given = readOptional('AUTH_SECRET');
  if (given !== undefined) {
    readAuthConfig({ AUTH_SECRET: given }, { current: Buffer.alloc(32), previous: [] });
    return given;
  }
  const kept = keptSecret(file, () => randomBytes(32).toString('base64url'));
  say(
    kept.made
      ? `AUTH_SECRET unset: generated a local one, kept in ${file} (production sets its own)`
      : `AUTH_SECRET unset: using the local one kept in ${file}`,
  );
  return kept.value;
}

/** The demo owner's password for `./run start`: made once, kept in `file`, printed on every start. */
export function localDemoOwnerPassword(file: string): string {
  return keptSecret(file, () => randomBytes(12).toString('base64url')).value;
}
