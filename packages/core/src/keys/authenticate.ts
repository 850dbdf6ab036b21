import { type EntityManager, toDate } from '@comptoir/db';
import { AppError } from '../errors/index.ts';
import type { Principal } from '../people/principal.ts';
import { keyPermissions } from '../people/roles.ts';
import { hashKey, hasKeyShape, keyPrefix, passesKeyChecksum } from './format.ts';
import { findKeyByHash, touchLastUsed } from './store.ts';

/** A key as stored: its workspace, scopes and rate limit. */
export interface KeyPrincipal {
  keyId: string;
  workspaceId: string;
  scopes: ReadonlySet<string>;
  rateLimitPerMinute: number | null;
}

/** A key the database vouched for, with what may be checked again without it. */
export interface VerifiedKey {
  principal: KeyPrincipal;
  /** The key as a request's caller: its workspace, the permissions its scopes grant, itself as the actor. */
  admitted: Principal;
  /** When the key stops working (epoch ms), or null. A key's expiry never changes once issued. */
  expiresAtMs: number | null;
  /** When lastUsedAt was last written (epoch ms), or null. */
  lastUsedAtMs: number | null;
}

/** The key an `Authorization` header presents: the key itself and the hash it is stored under. */
export interface PresentedKey {
  key: string;
  hash: string;
}

// lastUsedAt is a hint for operators; writing it on every request would turn each read into a
// write, so it is refreshed at most once a minute per key.
const lastUsedRefreshMs = 60_000;

/**
 * The key an `Authorization` header carries, or the contract's 401 for a missing or malformed
 * one. Needs no database: the key's checksum is checked apart (`refuseCorruptKey`).
 */
export function presentedKey(authorization: string | undefined): PresentedKey {
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
  return { key, hash: hashKey(key) };
}

/** A key of the right shape that we cannot have issued (length, checksum) is unknown: refused before any read. */
export function refuseCorruptKey(presented: PresentedKey): void {
  if (!passesKeyChecksum(presented.key)) throw new AppError('invalid_key', 'Invalid API key');
}

/** Refuses a key whose expiry has passed (`expired_key`). */
export function refuseIfExpired(verified: VerifiedKey, now: number): void {
  if (verified.expiresAtMs !== null && verified.expiresAtMs <= now) {
    throw new AppError('expired_key', 'This API key has expired');
  }
}

/** Reads the key from the database and checks it: unknown, revoked and expired keys are the contract's 401s. */
export async function verifyKey(
  em: EntityManager,
  presented: PresentedKey,
  now: number,
): Promise<VerifiedKey> {
  refuseCorruptKey(presented);
  const row = await findKeyByHash(em, presented.hash);
  if (!row) throw new AppError('invalid_key', 'Invalid API key');
  if (row.revoked_at) throw new AppError('revoked_key', 'This API key has been revoked');
  const verified: VerifiedKey = {
    principal: {
      keyId: row.id,
      workspaceId: row.workspace_id,
      scopes: new Set(row.scopes),
      rateLimitPerMinute: row.rate_limit_per_minute,
    },
    admitted: {
      workspaceId: row.workspace_id,
      permissions: keyPermissions(row.scopes),
      actor: { kind: 'key', id: row.id },
      keyId: row.id,
      role: null,
    },
    expiresAtMs: row.expires_at ? toDate(row.expires_at).getTime() : null,
    lastUsedAtMs: row.last_used_at ? toDate(row.last_used_at).getTime() : null,
  };
  refuseIfExpired(verified, now);
  return verified;
}

/**
 * Refreshes the key's lastUsedAt when the last write is more than a minute old, in the
 * background: `onBackgroundError` receives its failures, which never fail a request.
 */
export function noteKeyUse(
  em: EntityManager,
  verified: VerifiedKey,
  now: number,
  onBackgroundError: (error: unknown) => void,
): void {
  if (verified.lastUsedAtMs !== null && now - verified.lastUsedAtMs <= lastUsedRefreshMs) return;
  verified.lastUsedAtMs = now;
  touchLastUsed(em, verified.principal.keyId).catch(onBackgroundError);
}

/**
 * Authenticates the value of an `Authorization` header against the database alone. Throws the
 * contract's 401 codes. The API admits requests through packages/trpc's key admission, which
 * keeps verified keys in memory; this is for callers without Redis (CLI checks, tests).
 */
export async function authenticate(
  em: EntityManager,
  authorization: string | undefined,
  onBackgroundError: (error: unknown) => void = () => {},
): Promise<KeyPrincipal> {
  const now = Date.now();
  const verified = await verifyKey(em, presentedKey(authorization), now);
  noteKeyUse(em, verified, now, onBackgroundError);
  return verified.principal;
}
