import { createKey, isScope, listKeys, revokeKey, scopes } from '@comptoir/core';
import { withOrm } from '../database.ts';
import { CliError, type Flags, type Output, required } from '../output.ts';
import { announceRevocations, unannouncedRevocationDelay } from '../revocations.ts';

/** `key create --workspace W --scopes a,b,c [--expires-at ISO] [--rate-limit N] [--name L]` */
export async function keyCreate(out: Output, flags: Flags) {
  const requested = required(flags, 'scopes')
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean);
  const unknown = requested.filter((scope) => !isScope(scope));
  if (unknown.length > 0)
    throw new CliError(`unknown scope(s): ${unknown.join(', ')}. Scopes: ${scopes.join(', ')}`);
  let expiresAt: Date | undefined;
  if (typeof flags['expires-at'] === 'string') {
    expiresAt = new Date(flags['expires-at']);
    if (Number.isNaN(expiresAt.getTime())) throw new CliError('--expires-at must be an ISO 8601 date-time');
  }
  let rateLimitPerMinute: number | undefined;
  if (typeof flags['rate-limit'] === 'string') {
    rateLimitPerMinute = Number(flags['rate-limit']);
    if (!Number.isInteger(rateLimitPerMinute) || rateLimitPerMinute < 1) {
      throw new CliError('--rate-limit must be a positive whole number of requests per minute');
    }
  }
  const created = await withOrm((orm) =>
    createKey(orm.em.fork(), {
      workspaceId: required(flags, 'workspace'),
      scopes: requested.filter(isScope),
      ...(expiresAt ? { expiresAt } : {}),
      ...(rateLimitPerMinute ? { rateLimitPerMinute } : {}),
      ...(typeof flags.name === 'string' ? { name: flags.name } : {}),
    }),
  );
  out.result({ ...created }, () => [
    `Created key ${created.id} with scopes ${created.scopes.join(', ')}${created.expiresAt ? `, expiring ${created.expiresAt}` : ''}`,
    '',
    `  ${created.key}`,
    '',
    'Copy it now: it is shown only once.',
  ]);
}

/**
 * `key revoke KEY_ID`: revoked in the database, then announced to the API processes through
 * Redis, which they check on every request; only then is it done.
 */
export async function keyRevoke(out: Output, keyId: string | undefined) {
  if (!keyId) throw new CliError('usage: key revoke KEY_ID');
  const revoked = await withOrm((orm) => revokeKey(orm.em.fork(), keyId));
  const problem = await announceRevocations();
  if (problem) {
    throw new CliError(
      `key ${revoked.id} is revoked in the database, but the API processes could not be told: ${problem}. ` +
        `They refuse it within ${unannouncedRevocationDelay}; run \`key revoke ${revoked.id}\` again with REDIS_URL set to the API's Redis to make it immediate.`,
    );
  }
  out.result({ ...revoked }, () => [`Revoked key ${revoked.id} at ${revoked.revokedAt}`]);
}

/** `key list --workspace W` */
export async function keyList(out: Output, flags: Flags) {
  const keys = await withOrm((orm) => listKeys(orm.em.fork(), required(flags, 'workspace')));
  out.result({ keys }, () =>
    keys.length === 0
      ? ['No keys.']
      : keys.map(
          (key) =>
            `${key.id}  ${key.hint}  ${key.revokedAt ? 'revoked' : key.expiresAt && key.expiresAt < new Date().toISOString() ? 'expired' : 'active'}  ${key.scopes.join(',')}${key.name ? `  (${key.name})` : ''}`,
        ),
  );
}
