import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window frees capacity again (whole seconds, at least 1). */
  resetSeconds: number;
}

export interface KeyRateLimiter {
  /** Counts one request of the key; `undefined` when the limiter could not decide. */
  consume(keyId: string, limitPerMinute: number | null): Promise<RateLimitDecision | undefined>;
}

export interface RedisRateLimiterOptions {
  redis: Redis;
  defaultPerMinute: number;
  keyPrefix?: string;
  /** Called when Redis cannot answer: the request is served anyway, and this is how it shows. */
  onUnavailable: (error: unknown) => void;
}

/**
 * Per-key limit in Redis: a fixed one-minute window counted atomically by one Lua script
 * (rate-limiter-flexible), shared by every API process.
 */
export function createRedisRateLimiter(options: RedisRateLimiterOptions): KeyRateLimiter {
  const limiters = new Map<number, RateLimiterRedis>();
  const limiterFor = (points: number) => {
    let limiter = limiters.get(points);
    if (!limiter) {
      limiter = new RateLimiterRedis({
        storeClient: options.redis,
        keyPrefix: `${options.keyPrefix ?? 'comptoir:rl'}:${points}`,
        points,
        duration: 60,
        rejectIfRedisNotReady: true,
      });
      limiters.set(points, limiter);
    }
    return limiter;
  };
  const decision = (points: number, res: RateLimiterRes, allowed: boolean): RateLimitDecision => ({
    allowed,
    limit: points,
    remaining: Math.max(0, res.remainingPoints),
    resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
  });
  return {
    async consume(keyId, limitPerMinute) {
      const points = limitPerMinute ?? options.defaultPerMinute;
      try {
        return decision(points, await limiterFor(points).consume(keyId, 1), true);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return decision(points, rejection, false);
        options.onUnavailable(rejection);
        return undefined;
      }
    },
  };
}
