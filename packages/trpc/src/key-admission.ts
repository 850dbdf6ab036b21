import {
  noteKeyUse,
  type Permission,
  type Principal,
  presentedKey,
  refuseIfExpired,
  requirePermission,
  type VerifiedKey,
  verifyKey,
} from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import type { KeyGate, RateLimitDecision } from './key-gate.ts';

export interface Admitted {
  principal: Principal;
  /** The rate limit's verdict; `undefined` when Redis could not answer (served without a limit). */
  decision: RateLimitDecision | undefined;
}

export interface KeyAdmission {
  /** Authentication, permission and rate limit of one request; throws the contract's 401 and 403 codes. */
  admit(
    em: EntityManager,
    authorization: string | undefined,
    permission: Permission,
    onBackgroundError: (error: unknown) => void,
  ): Promise<Admitted>;
  /**
   * Counts a signed-in user's request against the default per-minute limit, as a key's are
   * counted; `undefined` when Redis cannot answer (served without a limit).
   */
  countUserRequest(userId: string): Promise<RateLimitDecision | undefined>;
}

export interface KeyAdmissionOptions {
  gate: KeyGate;
  /** Longest a verified key is trusted without the database, should a revocation's announcement be lost. */
  maxAgeMs?: number;
  /** Verified keys kept at most; the oldest goes first. */
  maxEntries?: number;
}

interface TrustedKey {
  key: VerifiedKey;
  /** The revocation epoch read before the database verified the key. */
  epoch: string;
  verifiedAt: number;
}

/**
 * Admits requests without a database read for keys verified earlier. A verified key is trusted
 * only while the revocation epoch, read in the same Redis round trip that counts the request
 * against the rate limit, is still the one read before the key was verified: `key revoke`
 * changes it before it returns, so the next request with any key goes back to the database.
 * When Redis cannot answer, every request is verified in the database (and served without a
 * limit, as before); the memory is never trusted on its own.
 */
export function createKeyAdmission(options: KeyAdmissionOptions): KeyAdmission {
  const { gate } = options;
  const maxAgeMs = options.maxAgeMs ?? 60_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const trusted = new Map<string, TrustedKey>();

  const trust = (hash: string, key: VerifiedKey, epoch: string, now: number) => {
    trusted.delete(hash);
    if (trusted.size >= maxEntries) {
      const oldest = trusted.keys().next();
      if (!oldest.done) trusted.delete(oldest.value);
    }
    trusted.set(hash, { key, epoch, verifiedAt: now });
  };

  return {
    async countUserRequest(userId) {
      return (await gate.admit(userId, null))?.decision;
    },
    async admit(em, authorization, permission, onBackgroundError) {
      const now = Date.now();
      const presented = presentedKey(authorization);
      const known = trusted.get(presented.hash);
      if (known && now - known.verifiedAt < maxAgeMs) {
        refuseIfExpired(known.key, now);
        requirePermission(known.key.admitted, permission);
        const answer = await gate.admit(known.key.principal.keyId, known.key.principal.rateLimitPerMinute);
        if (answer?.revocationEpoch === known.epoch) {
          noteKeyUse(em, known.key, now, onBackgroundError);
          return { principal: known.key.admitted, decision: answer.decision };
        }
        // A key was revoked since (or Redis cannot tell): ask the database. The request is
        // already counted, and the epoch it read precedes this read.
        trusted.delete(presented.hash);
        const verified = await verifyKey(em, presented, now);
        if (answer) trust(presented.hash, verified, answer.revocationEpoch, now);
        noteKeyUse(em, verified, now, onBackgroundError);
        return { principal: verified.admitted, decision: answer?.decision };
      }
      if (known) trusted.delete(presented.hash);
      const epoch = await gate.revocationEpoch();
      const verified = await verifyKey(em, presented, now);
      requirePermission(verified.admitted, permission);
      const answer = await gate.admit(verified.principal.keyId, verified.principal.rateLimitPerMinute);
      if (epoch !== undefined && answer) trust(presented.hash, verified, epoch, now);
      noteKeyUse(em, verified, now, onBackgroundError);
      return { principal: verified.admitted, decision: answer?.decision };
    },
  };
}
