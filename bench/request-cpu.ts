/**
 * CPU per request of the API's layers, in one process, one request at a time: the core call
 * alone (what the bare route does), then the whole REST and tRPC paths through Fastify's
 * `inject` (no socket). Sequential requests leave out what concurrency adds (more garbage
 * promoted, a busier event loop), so the difference between two rows is the layers' own work,
 * steady enough to compare two versions of the glue on a busy machine, which `pnpm bench`'s
 * throughput is not. `node bench/request-cpu.ts`; REQUEST_CPU_ITERATIONS (default 3000),
 * REQUEST_CPU_ONLY (a row name's substring), REQUEST_CPU_DATABASE (its database's name, for two
 * runs side by side).
 */
import { randomBytes } from 'node:crypto';
import { buildServer, connectApiRedis } from '@comptoir/api';
import { getProduct, listProducts } from '@comptoir/core';
import { createKeyring } from '@comptoir/secrets';
import { pino } from 'pino';
import { createCatalogueWorkspace } from './catalogue-workspace.ts';
import { benchServices } from './services.ts';

const log = (message: string) => console.error(`[request-cpu] ${message}`);
const iterations = Number(process.env.REQUEST_CPU_ITERATIONS ?? 3000);
const { redis: redisService, orm } = await benchServices(
  process.env.REQUEST_CPU_DATABASE ?? 'comptoir_bench_request_cpu',
  log,
);
const { workspaceId, key, productId } = await createCatalogueWorkspace(orm, {
  name: 'Request CPU',
  products: 2000,
  scopes: ['read:products', 'write:invoices'],
});

const redis = await connectApiRedis(redisService.url, () => {});
const { app } = await buildServer({
  orm,
  redis,
  rateLimitPerMinute: 600,
  publicBaseUrl: 'http://127.0.0.1',
  logger: pino({ level: 'warn' }),
  redisKeyPrefix: `comptoir-bench-request-cpu:${process.pid}`,
  // A key of this run: no secret stored here is read by another process.
  keyring: createKeyring({ current: randomBytes(32) }),
});
await app.ready();
const headers = { authorization: `Bearer ${key}` };

// REQUEST_CPU_ONLY=<text> measures only the rows whose name contains it (for a --cpu-prof of one path).
const only = process.env.REQUEST_CPU_ONLY;

async function cpuPerCall(name: string, call: () => Promise<unknown>): Promise<void> {
  if (only && !name.includes(only)) return;
  for (let i = 0; i < Math.min(1000, iterations); i++) await call(); // warm up the JIT
  const samples: number[] = [];
  for (let round = 0; round < 3; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < iterations; i++) await call();
    const used = process.cpuUsage(before);
    samples.push((used.user + used.system) / iterations);
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(28)} ${samples[1]?.toFixed(1).padStart(7)} µs CPU/request (rounds: ${samples.map((s) => s.toFixed(1)).join(', ')})`,
  );
}

const expectOk = (response: { statusCode: number; body: string }) => {
  if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
};
await cpuPerCall('list: core call + JSON', async () =>
  JSON.stringify(await listProducts(orm.em.fork(), workspaceId, { limit: 20, offset: 0 })),
);
await cpuPerCall('list: REST (inject)', async () =>
  expectOk(await app.inject({ method: 'GET', url: '/api/v1/products?limit=20', headers })),
);
await cpuPerCall('list: tRPC (inject)', async () =>
  expectOk(
    await app.inject({ method: 'GET', url: '/trpc/products.list?input=%7B%22limit%22%3A20%7D', headers }),
  ),
);
await cpuPerCall('get: core call + JSON', async () =>
  JSON.stringify(await getProduct(orm.em.fork(), workspaceId, productId)),
);
await cpuPerCall('get: REST (inject)', async () =>
  expectOk(await app.inject({ method: 'GET', url: `/api/v1/products/${productId}`, headers })),
);

// A creation as bench/records.ts sends it (5 lines), one at a time: no batch forms, so this is
// the cost of one creation alone.
const invoiceBody = JSON.stringify({
  clientName: 'Boulangerie Martin',
  clientEmail: 'compta@martin.test',
  lines: Array.from({ length: 5 }, (_, index) => ({
    title: `Article ${index + 1}`,
    quantity: index + 1,
    unitPrice: 12.5 + index,
    taxRate: 20,
  })),
});
await cpuPerCall('invoice: REST create', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/invoices',
    headers: { ...headers, 'content-type': 'application/json' },
    payload: invoiceBody,
  });
  if (response.statusCode !== 201) throw new Error(`HTTP ${response.statusCode}: ${response.body}`);
});

await app.close();
await orm.close();
redis.disconnect();
await redisService.stop();
