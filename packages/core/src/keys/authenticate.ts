import { type EntityManager, toDate } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import { hashKey, hasKeyShape, keyPrefix, passesKeyChecksum } from './format.ts';
import { findKeyByHash, touchLastUsed } from './store.ts';

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

/** The key an `Authorization` header carries, or the contract's 401 for a missing or malformed one. */
function bearerKey(authorization: string | undefined): string {
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
  return key;
}

/**
 * Authenticates the value of an `Authorization` header. Throws the contract's 401 codes.
 * `onBackgroundError` receives failures of the lastUsedAt refresh, which never fails a request.
 */
export async function authenticate(
  em: EntityManager,
  authorization: string | undefined,
  onBackgroundError: (error: unknown) => void = () => {},
): Promise<Principal> {
  const key = bearerKey(authorization);
  if (!passesKeyChecksum(key)) throw new AppError('invalid_key', 'Invalid API key');
  const row = await findKeyByHash(em, hashKey(key));
  if (!row) throw new AppError('invalid_key', 'Invalid API key');
  if (row.revoked_at) throw new AppError('revoked_key', 'This API key has been revoked');
  const now = Date.now();
  if (row.expires_at && toDate(row.expires_at).getTime() <= now) {
    throw new AppError('expired_key', 'This API key has expired');
  }
  if (!row.last_used_at || now - toDate(row.last_used_at).getTime() > lastUsedRefreshMs) {
    touchLastUsed(em, row.id).catch(onBackgroundError);
  }
  return {
    keyId: row.id,
    workspaceId: row.workspace_id,
    scopes: new Set(row.scopes),
    rateLimitPerMinute: row.rate_limit_per_minute,
  };
}
