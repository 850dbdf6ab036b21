/**
 * The process `bench/request-instructions.ts` runs under callgrind: the API of the checkout it
 * sits in (buildServer, Fastify's `inject`, the real PostgreSQL and Redis), or the bench's
 * baseline server, one scenario's requests one after another. It warms up, then asks its
 * parent to start counting and waits; the parent answers on stdin once callgrind's counters are
 * zeroed, and again once they are dumped, so only the measured requests are counted. It drops
 * its database at the end. Not meant to be started by hand.
 *
 * Settings (environment): INSTRUCTIONS_SCENARIO (get | list), INSTRUCTIONS_TARGET (api, the
 * default, or bare: the bench's baseline server, bare-app.ts), INSTRUCTIONS_WARMUP,
 * INSTRUCTIONS_REQUESTS, INSTRUCTIONS_DATABASE.
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { buildServer, connectApiRedis } from '@comptoir/api';
import { dropDatabase } from '@comptoir/local-services';
import { createKeyring } from '@comptoir/secrets';
import { pino } from 'pino';
import { buildBareApp } from './bare-app.ts';
import { createCatalogueWorkspace } from './catalogue-workspace.ts';
import { benchServices } from './services.ts';

const scenario = process.env.INSTRUCTIONS_SCENARIO ?? 'get';
const target = process.env.INSTRUCTIONS_TARGET ?? 'api';
const warmup = Number(process.env.INSTRUCTIONS_WARMUP ?? 2000);
const requests = Number(process.env.INSTRUCTIONS_REQUESTS ?? 1000);
const log = (message: string) => console.error(`[request-instructions child] ${message}`);

const databaseName = process.env.INSTRUCTIONS_DATABASE ?? 'comptoir_bench_instructions';
const { postgres, redis: redisService, orm, databaseUrl } = await benchServices(databaseName, log);
const { workspaceId, key, productId } = await createCatalogueWorkspace(orm, {
  name: 'Request instructions',
  products: 2000,
  scopes: ['read:products'],
});

const redis = await connectApiRedis(redisService.url, () => {});
const bare = target === 'bare' ? buildBareApp(databaseUrl, workspaceId) : undefined;
const app =
  bare?.app ??
  (
    await buildServer({
      orm,
      redis,
      rateLimitPerMinute: 600,
      publicBaseUrl: 'http://127.0.0.1',
      logger: pino({ level: 'warn' }),
      redisKeyPrefix: `comptoir-bench-instructions:${process.pid}`,
      // A key of this run: no secret stored here is read by another process.
      keyring: createKeyring({ current: randomBytes(32) }),
    })
  ).app;
await app.ready();

const base = bare ? '' : '/api/v1';
const url = scenario === 'list' ? `${base}/products?limit=20` : `${base}/products/${productId}`;
const headers = { authorization: `Bearer ${key}` };
async function request(): Promise<void> {
  const response = await app.inject({ method: 'GET', url, headers });
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
}

const parentLines = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
async function handOver(marker: string): Promise<void> {
  console.log(marker);
  const answer = await parentLines.next();
  if (answer.done) throw new Error(`the parent closed stdin after ${marker}`);
}

for (let i = 0; i < warmup; i++) await request();
await handOver('MEASURE-START');
for (let i = 0; i < requests; i++) await request();
await handOver('MEASURE-END');

await app.close();
await bare?.end();
await orm.close();
await dropDatabase(postgres.url, databaseName);
redis.disconnect();
await redisService.stop();
await postgres.stop();
process.exit(0);
