import { readFile } from 'node:fs/promises';
import {
  createKey,
  createWorkspace,
  importProducts,
  isScope,
  listKeys,
  type NegativeStockPolicy,
  negativeStockPolicies,
  revokeKey,
  scopes,
  seedDemoWorkspace,
} from '@comptoir/core';
import { migrate } from '@comptoir/db';
import { withOrm } from '../database.ts';
import { CliError, type Flags, type Output, progressBar, required } from '../output.ts';

export async function migrateCommand(out: Output) {
  const applied = await withOrm(migrate);
  out.result({ applied }, () =>
    applied.length === 0 ? ['Database schema is up to date.'] : applied.map((name) => `Applied ${name}`),
  );
}

export async function workspaceCreate(out: Output, flags: Flags) {
  const policy = (flags['negative-stock'] as string | undefined) ?? 'block';
  if (!(negativeStockPolicies as readonly string[]).includes(policy)) {
    throw new CliError(`--negative-stock must be one of: ${negativeStockPolicies.join(', ')}`);
  }
  const workspace = await withOrm((orm) =>
    createWorkspace(orm.em.fork(), {
      name: required(flags, 'name'),
      negativeStock: policy as NegativeStockPolicy,
    }),
  );
  const { id, name, negativeStock } = workspace;
  out.result({ id, name, negativeStock }, () => [
    `Created workspace ${id} (${name}, negative stock: ${negativeStock})`,
  ]);
}

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

export async function keyRevoke(out: Output, keyId: string | undefined) {
  if (!keyId) throw new CliError('usage: key revoke KEY_ID');
  const revoked = await withOrm((orm) => revokeKey(orm.em.fork(), keyId));
  out.result({ ...revoked }, () => [`Revoked key ${revoked.id} at ${revoked.revokedAt}`]);
}

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

export async function productImport(out: Output, flags: Flags) {
  const file = required(flags, 'file');
  let items: unknown;
  try {
    // Invalid UTF-8 is refused, as the API refuses it, rather than read as U+FFFD.
    items = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(await readFile(file)));
  } catch (error) {
    throw new CliError(`cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(items)) throw new CliError(`${file} must contain a JSON array of products`);
  const result = await withOrm((orm) =>
    importProducts(orm.em.fork(), required(flags, 'workspace'), items as unknown[], progressBar('Importing')),
  );
  out.result({ ...result }, () => [
    `Imported ${items.length} products: ${result.created} created, ${result.updated} updated.`,
  ]);
}

export async function seed(out: Output) {
  const demo = await withOrm((orm) => seedDemoWorkspace(orm.em.fork()));
  out.result({ ...demo }, () => [
    `Demo workspace ${demo.workspaceId}: ${demo.products} products.`,
    `Demo key (all scopes, previous demo key revoked): ${demo.key}`,
  ]);
}
