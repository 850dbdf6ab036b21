/**
 * The API process: configuration, database (refusing to serve on a schema with pending
 * migrations), Redis, the server, and a clean stop on SIGTERM/SIGINT. Loading this module starts
 * nothing: main.ts calls `runApi` once the process has its runtime settings.
 */
import { readApiConfig } from '@comptoir/config';
import { createOrm, pendingMigrations } from '@comptoir/db';
import { createKeyring } from '@comptoir/secrets';
import { pino } from 'pino';
import { connectApiRedis } from './redis.ts';
import { buildServer } from './server.ts';

export async function runApi(): Promise<void> {
  const config = readApiConfig();
  const logger = pino({ level: config.logging.level, base: { service: 'api' } });

  const orm = await createOrm({ databaseUrl: config.database.url });
  const pending = await pendingMigrations(orm);
  if (pending.length > 0) {
    // Migrations are an operator's step (`pnpm cli migrate`), never a side effect of serving.
    logger.fatal({ pending }, 'database schema is not up to date: run `pnpm cli migrate` first');
    await orm.close();
    process.exit(1);
  }
  // Rate limits need Redis, but a Redis outage must not stop the API: wait briefly, then serve.
  const redis = await connectApiRedis(config.redis.url, (error) =>
    logger.warn({ err: error }, 'redis connection error'),
  );

  const { app } = await buildServer({
    orm,
    redis,
    rateLimitPerMinute: config.rateLimit.perMinute,
    publicBaseUrl: config.http.publicBaseUrl,
    logger,
    webhookTargets: config.webhooks,
    keyring: createKeyring(config.encryption),
    adminToken: config.admin.token,
    auth: config.auth,
    mail: config.mail,
  });
  await app.listen({ host: config.http.host, port: config.http.port });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    await app.close();
    await orm.close();
    redis.disconnect();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
