import { ApiKey, type EntityManager, newId, preparedRead, toDate, toIso, toIsoOrNull } from '@comptoir/db';
import { z } from 'zod';
import { AppError, notFound } from '../errors/index.ts';
import { generateKey, hashKey, hasKeyShape, keyPrefix, lastCharacters, passesKeyChecksum } from './format.ts';
import { type Scope, scopeSchema } from './scopes.ts';

export * from './format.ts';
export * from './scopes.ts';

export const keyCreateSchema = z.object({
  workspaceId: z.string().min(1),
  scopes: z.array(scopeSchema).min(1, { error: 'a key needs at least one scope' }),
  name: z.string().trim().min(1).max(200).optional(),
  expiresAt: z.coerce.date().optional(),
  rateLimitPerMinute: z.number().int().positive().optional(),
});
export type KeyCreate = z.input<typeof keyCreateSchema>;

export interface CreatedKey {
  id: string;
  /** The only time the key is ever shown. */
  key: string;
  scopes: Scope[];
  expiresAt: string | null;
}

export interface KeySummary {
  id: string;
  name: string | null;
  /** `svc_live_…abcd`: enough to recognise a key, never enough to use it. */
  hint: string;
  scopes: string[];
  rateLimitPerMinute: number | null;
  expiresAt: string | null;
  revokedAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}

export async function createKey(em: EntityManager, input: KeyCreate): Promise<CreatedKey> {
  const data = keyCreateSchema.parse(input);
  if (data.expiresAt && data.expiresAt.getTime() <= Date.now()) {
    throw new AppError('invalid_request', 'expiresAt must be in the future');
  }
  const workspace = await em.execute<{ id: string }[]>('select id from workspaces where id = ?', [
    data.workspaceId,
  ]);
  if (workspace.length === 0) throw notFound('Workspace');
  const key = generateKey();
  const uniqueScopes = [...new Set(data.scopes)];
  const row = em.create(ApiKey, {
    id: newId('apiKey'),
    workspaceId: data.workspaceId,
    name: data.name ?? null,
    keyHash: hashKey(key),
    lastCharacters: lastCharacters(key),
    scopes: uniqueScopes,
    rateLimitPerMinute: data.rateLimitPerMinute ?? null,
    expiresAt: data.expiresAt ?? null,
  });
  await em.flush();
  return { id: row.id, key, scopes: uniqueScopes, expiresAt: toIsoOrNull(row.expiresAt) };
}

/** Revokes at once: the next request made with the key is refused. Revoking twice keeps the first time. */
export async function revokeKey(
  em: EntityManager,
  keyId: string,
): Promise<{ id: string; revokedAt: string }> {
  const rows = await em.execute<{ id: string; revoked_at: Date | string }[]>(
    'update api_keys set revoked_at = coalesce(revoked_at, now()) where id = ? returning id, revoked_at',
    [keyId],
  );
  const row = rows[0];
  if (!row) throw notFound('API key');
  return { id: row.id, revokedAt: toIso(row.revoked_at) };
}

export async function listKeys(em: EntityManager, workspaceId: string): Promise<KeySummary[]> {
  const rows = await em.find(ApiKey, { workspaceId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? null,
    hint: `${keyPrefix}…${row.lastCharacters}`,
    scopes: row.scopes,
    rateLimitPerMinute: row.rateLimitPerMinute ?? null,
    expiresAt: toIsoOrNull(row.expiresAt),
    revokedAt: toIsoOrNull(row.revokedAt),
    lastUsedAt: toIsoOrNull(row.lastUsedAt),
    createdAt: toIso(row.createdAt),
  }));
}

/** Who is calling: the key and the workspace every query of the request is scoped by. */
export interface Principal {
  keyId: string;
  workspaceId: string;
  scopes: ReadonlySet<string>;
  rateLimitPerMinute: number | null;
}

// lastUsedAt is a hint for operators; writing it on every request would turn each read into a
// write, so it is refreshed at most once a minute per key.
const lastUsedRefreshMs = 60_000;

/**
 * Authenticates the value of an `Authorization` header. Throws the contract's 401 codes.
 * `onBackgroundError` receives failures of the lastUsedAt refresh, which never fails a request.
 */
export async function authenticate(
  em: EntityManager,
  authorization: string | undefined,
  onBackgroundError: (error: unknown) => void = () => {},
): Promise<Principal> {
  if (authorization === undefined || authorization.trim() === '') {
    throw new AppError(
      'missing_authorization',
      'Missing Authorization header: send `Authorization: Bearer <key>`',
    );
  }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization.trim());
  const key = match?.[1];
  if (!key || !hasKeyShape(key)) {
    throw new AppError(
      'invalid_key_format',
      `Invalid API key format: expected \`Authorization: Bearer ${keyPrefix}<key>\``,
    );
  }
  if (!passesKeyChecksum(key)) throw new AppError('invalid_key', 'Invalid API key');
  // Every authenticated request runs this read: prepared once per connection.
  const rows = await preparedRead<{
    id: string;
    workspace_id: string;
    scopes: string[];
    rate_limit_per_minute: number | null;
    expires_at: Date | string | null;
    revoked_at: Date | string | null;
    last_used_at: Date | string | null;
  }>(
    em,
    'comptoir_authenticate_key',
    `select id, workspace_id, scopes, rate_limit_per_minute, expires_at, revoked_at, last_used_at
       from api_keys where key_hash = $1`,
    [hashKey(key)],
  );
  const row = rows[0];
  if (!row) throw new AppError('invalid_key', 'Invalid API key');
  if (row.revoked_at) throw new AppError('revoked_key', 'This API key has been revoked');
  const now = Date.now();
  if (row.expires_at && toDate(row.expires_at).getTime() <= now) {
    throw new AppError('expired_key', 'This API key has expired');
  }
  if (!row.last_used_at || now - toDate(row.last_used_at).getTime() > lastUsedRefreshMs) {
    em.getConnection()
      .execute('update api_keys set last_used_at = now() where id = ?', [row.id])
      .catch(onBackgroundError);
  }
  return {
    keyId: row.id,
    workspaceId: row.workspace_id,
    scopes: new Set(row.scopes),
    rateLimitPerMinute: row.rate_limit_per_minute,
  };
}

export function requireScope(principal: Principal, scope: Scope): void {
  if (!principal.scopes.has(scope)) {
    throw new AppError('insufficient_scope', `This API key lacks the required scope: ${scope}`);
  }
}
