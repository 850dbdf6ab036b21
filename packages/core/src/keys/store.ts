import {
  ApiKey,
  type Database,
  type EntityManager,
  kysely,
  preparedRead,
  toIso,
  toIsoOrNull,
} from '@comptoir/db';
import type { Selectable } from 'kysely';
import { keyPrefix } from './format.ts';
import type { KeySummary } from './schemas.ts';

type ApiKeyEntity = (typeof ApiKey)['~entity'];

export type NewKey = Pick<
  ApiKeyEntity,
  'id' | 'workspaceId' | 'name' | 'keyHash' | 'lastCharacters' | 'scopes' | 'rateLimitPerMinute' | 'expiresAt'
>;

export async function insertKey(em: EntityManager, key: NewKey): Promise<void> {
  em.create(ApiKey, key);
  await em.flush();
}

/** Sets revoked_at unless it is set already; none when there is no such key. */
export async function markRevoked(
  em: EntityManager,
  keyId: string,
  workspaceId?: string,
): Promise<{ id: string; revokedAt: string } | undefined> {
  const row = await kysely(em)
    .updateTable('api_keys')
    .set((eb) => ({ revoked_at: eb.fn.coalesce('revoked_at', eb.fn<Date>('now')) }))
    .where('id', '=', keyId)
    .$if(workspaceId !== undefined, (query) => query.where('workspace_id', '=', workspaceId ?? ''))
    // set just above: never null
    .returning((eb) => ['id', eb.ref('revoked_at').$notNull().as('revoked_at')])
    .executeTakeFirst();
  return row && { id: row.id, revokedAt: toIso(row.revoked_at) };
}

function summaryOf(row: ApiKeyEntity): KeySummary {
  return {
    id: row.id,
    name: row.name ?? null,
    hint: `${keyPrefix}…${row.lastCharacters}`,
    scopes: row.scopes,
    rateLimitPerMinute: row.rateLimitPerMinute ?? null,
    expiresAt: toIsoOrNull(row.expiresAt),
    revokedAt: toIsoOrNull(row.revokedAt),
    lastUsedAt: toIsoOrNull(row.lastUsedAt),
    createdAt: toIso(row.createdAt),
  };
}

/** The workspace's keys, newest first, as an operator sees them. */
export async function keySummaries(em: EntityManager, workspaceId: string): Promise<KeySummary[]> {
  const rows = await em.find(ApiKey, { workspaceId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return rows.map(summaryOf);
}

/** One key of the workspace as keys.list shows it, read again from the database. */
export async function keySummary(
  em: EntityManager,
  workspaceId: string,
  keyId: string,
): Promise<KeySummary | undefined> {
  const row = await em.findOne(ApiKey, { id: keyId, workspaceId }, { refresh: true });
  return row ? summaryOf(row) : undefined;
}

/** Ids of the workspace's unrevoked keys of that name. */
export async function unrevokedKeyIdsNamed(
  em: EntityManager,
  workspaceId: string,
  name: string,
): Promise<string[]> {
  const rows = await em.find(ApiKey, { workspaceId, name, revokedAt: null });
  return rows.map((row) => row.id);
}

/** What authentication needs of a key (timestamps arrive as text, whatever the entity says). */
export type KeyCredentials = Pick<
  Selectable<Database['api_keys']>,
  'id' | 'workspace_id' | 'scopes' | 'rate_limit_per_minute' | 'expires_at' | 'revoked_at' | 'last_used_at'
>;

/**
 * Every authenticated request runs this read, so it is a named prepared statement, parsed and
 * planned once per connection. It stays hand-written SQL on purpose: Kysely cannot name a
 * prepared statement, and an unnamed one is parsed and planned again on every request.
 */
export async function findKeyByHash(em: EntityManager, keyHash: string): Promise<KeyCredentials | undefined> {
  const [row] = await preparedRead<KeyCredentials>(
    em,
    'comptoir_authenticate_key',
    `select id, workspace_id, scopes, rate_limit_per_minute, expires_at, revoked_at, last_used_at
       from api_keys where key_hash = $1`,
    [keyHash],
  );
  return row;
}

/** Sets last_used_at to now. Authentication runs outside a transaction, so this commits alone. */
export async function touchLastUsed(em: EntityManager, keyId: string): Promise<void> {
  await kysely(em)
    .updateTable('api_keys')
    .set((eb) => ({ last_used_at: eb.fn<Date>('now') }))
    .where('id', '=', keyId)
    .execute();
}
