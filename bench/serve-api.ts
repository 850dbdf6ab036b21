/**
 * The real API (buildServer: Fastify + tRPC + trpc-to-openapi + MikroORM + Redis rate limit)
 * on an ephemeral port, for the benchmark. Prints `{"listening":<port>}` on stdout when ready.
 * It starts as apps/api/src/main.ts does: the API's heap limits, C library settings and compile
 * cache (node flags given on its command line win, as BENCH_API_NODE_FLAGS does).
 *
 *   node bench/serve-api.ts --database-url=postgres://… --redis-url=redis://… [--port=0]
 *   (or DATABASE_URL, REDIS_URL, PORT, REDIS_KEY_PREFIX in the environment; ENCRYPTION_KEY for a
 *   run whose webhook endpoints a worker signs for, else a key of this process)
 */
import { startService } from '@comptoir/config/runtime';

const [
  { buildServer, connectApiRedis },
  { createOrm },
  { createKeyring },
  { randomBytes },
  { pino },
  { readSetting, requireSetting, serveUntilSignal },
] = await startService('api', () =>
  Promise.all([
    import('@comptoir/api'),
    import('@comptoir/db'),
    import('@comptoir/secrets'),
    import('node:crypto'),
    import('pino'),
    import('./lib.ts'),
  ]),
);

const databaseUrl = requireSetting('database-url');
const redisUrl = requireSetting('redis-url');
const port = Number(readSetting('port') ?? 0);
const redisKeyPrefix = readSetting('redis-key-prefix') ?? 'comptoir-bench:rl';
const encryptionKey = readSetting('encryption-key');

// Warnings and errors only, on stderr: stdout carries the "listening" line.
const logger = pino({ level: 'warn', base: { service: 'api-bench' } }, pino.destination(2));

// The same pool size as production's default (createOrm: 10).
const orm = await createOrm({ databaseUrl, poolSize: 10 });
const redis = await connectApiRedis(redisUrl, (error) =>
  logger.warn({ err: error }, 'redis connection error'),
);
if (redis.status !== 'ready') throw new Error(`Redis at ${redisUrl} not ready within 5 s`);

const { app } = await buildServer({
  orm,
  redis,
  rateLimitPerMinute: 600,
  publicBaseUrl: 'http://127.0.0.1',
  logger,
  redisKeyPrefix,
  keyring: createKeyring({
    current: encryptionKey ? Buffer.from(encryptionKey, 'base64') : randomBytes(32),
  }),
});
await serveUntilSignal(app, port, async () => {
  await orm.close();
  redis.disconnect();
});
