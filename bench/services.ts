import { createOrm, type MikroORM, migrate } from '@comptoir/db';
import { dropDatabase, ensureDatabase, resolvePostgres, resolveRedis } from '@comptoir/local-services';
import pg from 'pg';
import { repoRoot } from './lib.ts';

export interface BenchServices {
  postgres: Awaited<ReturnType<typeof resolvePostgres>>;
  redis: Awaited<ReturnType<typeof resolveRedis>>;
  /** A freshly created, migrated database of the benchmark's own. */
  databaseUrl: string;
  serverVersion: string | undefined;
  orm: MikroORM;
}

/**
 * PostgreSQL and Redis as the tests find them (DATABASE_URL / REDIS_URL, the local ones, or
 * embedded ones under .data/), with a new database `databaseName`, migrated.
 */
export async function benchServices(
  databaseName: string,
  log: (message: string) => void,
): Promise<BenchServices> {
  const postgres = await resolvePostgres({
    explicitUrl: process.env.DATABASE_URL || undefined,
    tryLocal: true,
    dataDir: `${repoRoot}.data/postgres-bench`,
    port: 54349,
    log,
  });
  const redis = await resolveRedis({ explicitUrl: process.env.REDIS_URL || undefined, port: 6393, log });
  log(`PostgreSQL: ${postgres.source}; Redis: ${redis.source}`);
  await dropDatabase(postgres.url, databaseName);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query(`create database "${databaseName}"`);
  const serverVersion = (await admin.query<{ server_version: string }>('show server_version')).rows[0]
    ?.server_version;
  await admin.end();
  const databaseUrl = await ensureDatabase(postgres.url, databaseName);
  const orm = await createOrm({ databaseUrl, poolSize: 4 });
  await migrate(orm);
  return { postgres, redis, databaseUrl, serverVersion, orm };
}

/**
 * The end of a bench: its ORM closed, its database dropped (unless BENCH_KEEP=1), and the services
 * it started stopped (those it found running are left as they were).
 */
export async function releaseBenchServices(
  services: Pick<BenchServices, 'postgres' | 'redis' | 'orm'>,
  databaseName: string,
  log: (message: string) => void,
): Promise<void> {
  await services.orm.close();
  if (process.env.BENCH_KEEP !== '1') {
    await dropDatabase(services.postgres.url, databaseName);
    log(`dropped ${databaseName} (BENCH_KEEP=1 keeps it)`);
  }
  await services.redis.stop();
  await services.postgres.stop();
}

/** VACUUM ANALYZE after seeding, so plans and visibility maps match a settled database. */
export async function vacuumAnalyze(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('vacuum analyze');
  await client.end();
}
