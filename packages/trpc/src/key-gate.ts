import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The Redis half of admitting a request: the key's rate limit and the revocation epoch, in one
 * round trip. The epoch is a value that changes whenever a key is revoked (see
 * `announceKeyRevocation`); an API process may trust a key it verified earlier only while the
 * epoch it read before that verification is still the current one.
 */

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window frees capacity again (whole seconds, at least 1). */
  resetSeconds: number;
}

export interface GateAnswer {
  decision: RateLimitDecision;
  /** The revocation epoch when the request was counted. */
  revocationEpoch: string;
}

export interface KeyGate {
  /** Counts one request of the key and reads the revocation epoch; `undefined` when Redis cannot answer. */
  admit(keyId: string, limitPerMinute: number | null): Promise<GateAnswer | undefined>;
  /**
   * The revocation epoch alone, read before a key is verified in the database; `undefined` when
   * Redis cannot answer (not reported: `admit` reports the same outage for the same request).
   */
  revocationEpoch(): Promise<string | undefined>;
}

export interface RedisKeyGateOptions {
  redis: Redis;
  defaultPerMinute: number;
  /** Namespace of the gate's keys; the API and whoever revokes keys must share it. */
  keyPrefix?: string;
  /** Called when Redis cannot answer: the request is served anyway, and this is how it shows. */
  onUnavailable: (error: unknown) => void;
}

export const defaultGateKeyPrefix = 'comptoir';
const windowMs = 60_000;

const revocationEpochKey = (prefix: string) => `${prefix}:key-revocation-epoch`;

// A missing epoch (Redis restarted empty, or never revoked) is replaced by the caller's fresh
// value: never one used before, so a key verified under an older epoch cannot match it again.
const readEpochLua = `
local epoch = redis.call('GET', KEYS[1])
if not epoch then
  redis.call('SET', KEYS[1], ARGV[1])
  epoch = ARGV[1]
end
return epoch`;

// A fixed one-minute window per key, opened by its first request, then the epoch as readEpochLua reads it: one script, so one round trip and one atomic step.
const admitLua = `
local used = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
local epoch = redis.call('GET', KEYS[2])
if not epoch then
  redis.call('SET', KEYS[2], ARGV[2])
  epoch = ARGV[2]
end
return {used, ttl, epoch}`;

interface GateCommands {
  comptoirAdmitKey(
    counterKey: string,
    epochKey: string,
    windowMs: number,
    freshEpoch: string,
  ): Promise<[number, number, string]>;
  comptoirRevocationEpoch(epochKey: string, freshEpoch: string): Promise<string>;
}

/** Defines the gate's scripts on the connection once; ioredis sends them by SHA after the first call. */
function gateCommands(redis: Redis): GateCommands {
  const commands = redis as unknown as Partial<GateCommands>;
  if (!commands.comptoirAdmitKey) redis.defineCommand('comptoirAdmitKey', { numberOfKeys: 2, lua: admitLua });
  if (!commands.comptoirRevocationEpoch) {
    redis.defineCommand('comptoirRevocationEpoch', { numberOfKeys: 1, lua: readEpochLua });
  }
  return redis as unknown as GateCommands;
}

export function createRedisKeyGate(options: RedisKeyGateOptions): KeyGate {
  const prefix = options.keyPrefix ?? defaultGateKeyPrefix;
  const epochKey = revocationEpochKey(prefix);
  const commands = gateCommands(options.redis);
  // Fresh epochs: this process's own token and a sequence, never the same value twice.
  const processToken = randomUUID();
  let sequence = 0;
  const freshEpoch = () => `${processToken}.${++sequence}`;
  return {
    async admit(keyId, limitPerMinute) {
      const limit = limitPerMinute ?? options.defaultPerMinute;
      try {
        const [used, ttlMs, epoch] = await commands.comptoirAdmitKey(
          `${prefix}:rate:${keyId}`,
          epochKey,
          windowMs,
          freshEpoch(),
        );
        return {
          decision: {
            allowed: used <= limit,
            limit,
            remaining: Math.max(0, limit - used),
            resetSeconds: Math.max(1, Math.ceil(ttlMs / 1000)),
          },
          revocationEpoch: epoch,
        };
      } catch (error) {
        options.onUnavailable(error);
        return undefined;
      }
    },
    async revocationEpoch() {
      try {
        return await commands.comptoirRevocationEpoch(epochKey, freshEpoch());
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Tells every API process that keys were revoked: call it after the revocation has committed
 * and before saying it is done. Every key verified before it is verified again on its next use.
 */
export async function announceKeyRevocation(redis: Redis, keyPrefix = defaultGateKeyPrefix): Promise<void> {
  await redis.set(revocationEpochKey(keyPrefix), randomUUID());
}
