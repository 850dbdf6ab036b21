import { Redis } from 'ioredis';

/**
 * The API's Redis client. Commands fail at once while disconnected instead of queueing, so a
 * Redis outage makes the rate limiter let requests through rather than hold them. Resolves
 * when the connection is ready, or after `readyTimeoutMs` anyway (check `status`).
 */
export async function connectApiRedis(
  url: string,
  onError: (error: Error) => void,
  readyTimeoutMs = 5000,
): Promise<Redis> {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
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
