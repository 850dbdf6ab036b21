/** The soak's Redis database: its URL, and clearing the `comptoir:*` keys before and after a run. */
import { Redis } from 'ioredis';
import { redisDb } from './settings.ts';

/** The server's URL with the soak's database (SOAK_REDIS_DB) as its path. */
export function soakRedisUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${redisDb}`;
  return url.toString();
}

/** Deletes the `comptoir:*` keys of the database `redisUrl` names; returns how many. */
export async function clearComptoirKeys(redisUrl: string): Promise<number> {
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [nextCursor, keys] = await client.scan(cursor, 'MATCH', 'comptoir:*', 'COUNT', 1000);
      cursor = nextCursor;
      if (keys.length > 0) deleted += await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
  return deleted;
}
