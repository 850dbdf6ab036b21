import { readOptional, readRedisConfig } from '@comptoir/config';
import { announceKeyRevocation } from '@comptoir/trpc/key-gate';
import { Redis } from 'ioredis';

/** How long an API process may keep trusting a key it verified, when no announcement reaches it. */
export const unannouncedRevocationDelay = '60 s';

/**
 * Tells the running API processes, through REDIS_URL, that keys were revoked, so the next
 * request with a revoked key is refused. Returns why it could not, or nothing when it did.
 */
export async function announceRevocations(): Promise<string | undefined> {
  if (readOptional('REDIS_URL') === undefined) return 'REDIS_URL is not set';
  const redis = new Redis(readRedisConfig().url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 3000,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await announceKeyRevocation(redis);
    return undefined;
  } catch (error) {
    return `Redis did not answer (${(error as Error).message})`;
  } finally {
    redis.disconnect();
  }
}
