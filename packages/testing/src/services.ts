import { fileURLToPath } from 'node:url';
import { readOptional } from '@comptoir/config';
import { resolvePostgres, resolveRedis, type Service } from '@comptoir/local-services';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The services tests run against: DATABASE_URL / REDIS_URL when set, else the machine's own
 * on their standard ports, else embedded ones (PostgreSQL on 54339, redis-server on 6391).
 */
export async function resolveTestServices(
  log: (message: string) => void,
): Promise<{ postgres: Service; redis: Service }> {
  const postgres = await resolvePostgres({
    explicitUrl: readOptional('DATABASE_URL'),
    tryLocal: true,
    dataDir: `${repoRoot}.data/postgres-test`,
    port: 54339,
    log,
  });
  const redis = await resolveRedis({ explicitUrl: readOptional('REDIS_URL'), port: 6391, log });
  return { postgres, redis };
}
