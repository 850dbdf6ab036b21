import { Redis, type RedisOptions } from 'ioredis';

/**
 * The API client's options: commands fail at once while disconnected instead of queueing, and
 * the commands of one turn of the event loop (the key gate's script of every request read in that
 * turn) leave in one write, as a pipeline, instead of one write and one wake-up of Redis each.
 */
export const apiRedisOptions = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  enableAutoPipelining: true,
} as const satisfies RedisOptions;

/**
 * The API's Redis client (`apiRedisOptions`). A Redis outage makes the rate limiter let requests
 * through rather than hold them. Resolves when the connection is ready, or after
 * `readyTimeoutMs` anyway (check `status`).
 */
export async function connectApiRedis(
  url: string,
  onError: (error: Error) => void,
  readyTimeoutMs = 5000,
): Promise<Redis> {
  const redis = new Redis(url, apiRedisOptions);
  redis.on('error', onError);
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, readyTimeoutMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  return redis;
}
