import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Sign-in attempts per minute, counted in Redis (shared by every API process) per e-mail address
 * and per client address: one guesses passwords of one person, the other of many. A fixed window
 * per counter, opened by its first attempt. When Redis cannot answer, attempts go through (as for
 * keys' rate limits) and the outage is reported.
 */
export interface SignInLimiter {
  /** Counts one attempt; `retryAfterSeconds` when either counter is over the limit. */
  attempt(what: string, email: string | undefined, address: string): Promise<{ retryAfterSeconds?: number }>;
}

const windowMs = 60_000;

// INCR each counter, opening its window when new; answers each count and its time left.
const attemptLua = `
local out = {}
for i, key in ipairs(KEYS) do
  local used = redis.call('INCR', key)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  out[#out + 1] = used
  out[#out + 1] = ttl
end
return out`;

interface LimiterCommands {
  comptoirSignInAttempt(...args: (string | number)[]): Promise<number[]>;
}

export function createSignInLimiter(options: {
  redis: Redis;
  perMinute: number;
  keyPrefix: string;
  onUnavailable: (error: unknown) => void;
}): SignInLimiter {
  const commands = options.redis as unknown as Partial<LimiterCommands>;
  if (!commands.comptoirSignInAttempt) {
    options.redis.defineCommand('comptoirSignInAttempt', { lua: attemptLua });
  }
  const run = options.redis as unknown as LimiterCommands;
  // Addresses and e-mails are hashed: the keys never show who tried.
  const counter = (what: string, kind: string, value: string) =>
    `${options.keyPrefix}:sign-in:${what}:${kind}:${createHash('sha256').update(value).digest('hex')}`;
  return {
    async attempt(what, email, address) {
      const keys = [counter(what, 'address', address)];
      if (email) keys.push(counter(what, 'email', email.trim().toLowerCase()));
      try {
        const answer = await run.comptoirSignInAttempt(keys.length, ...keys, windowMs);
        let retryAfterMs = 0;
        for (let index = 0; index < answer.length; index += 2) {
          const used = answer[index] ?? 0;
          const ttl = answer[index + 1] ?? windowMs;
          if (used > options.perMinute) retryAfterMs = Math.max(retryAfterMs, ttl);
        }
        return retryAfterMs > 0 ? { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } : {};
      } catch (error) {
        options.onUnavailable(error);
        return {};
      }
    },
  };
}
