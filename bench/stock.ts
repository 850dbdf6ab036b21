/**
 * `pnpm bench`, third part: the stock engine (issue #4), through the real API.
 * - one 200-movement batch over 200 distinct products, one request at a time (p50, p99);
 *   target: p50 under 100 ms;
 * - the same with an Idempotency-Key on every request (its cost: claim + stored answer);
 * - concurrent batches over a shared catalogue (applied movements per second);
 * - 200 movements of one hot product in a batch, alone and from concurrent clients.
 *
 * Settings: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createKey, createWorkspace, importProducts, scopes } from '@comptoir/core';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDir, cpuSnapshot, cpuUsed, startServer, writeResult } from './lib.ts';
import { random } from './seed.ts';
import { benchServices, vacuumAnalyze } from './services.ts';

const databaseName = 'comptoir_bench_stock';
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const catalogueSize = 10_000;
const batchSize = 200;
const log = (message: string) => console.log(`[bench stock] ${message}`);

const { postgres, redis, databaseUrl, orm } = await benchServices(databaseName, log);
const workspace = await createWorkspace(orm.em.fork(), { name: 'Bench stock' });
const { key } = await createKey(orm.em.fork(), {
  workspaceId: workspace.id,
  scopes: [...scopes],
  rateLimitPerMinute: 1_000_000_000,
});
// Stock deep enough that no exit is ever refused: the engine's full path runs every time.
const { ids: productIds } = await importProducts(
  orm.em.fork(),
  workspace.id,
  Array.from({ length: catalogueSize }, (_, i) => ({
    name: `Article ${i}`,
    reference: `ART-${i}`,
    trackStock: true,
    stockQuantity: 1_000_000_000,
    stockThreshold: 10,
    costPrice: 3.5,
  })),
);
const hotProductId = productIds[0] as string;
await orm.close();
await vacuumAnalyze(databaseUrl);
log(`seeded ${catalogueSize} tracked products`);

const next = random(7);
/** 200 movements over 200 distinct products of the catalogue, entries with a unit cost. */
function spreadBatch(): string {
  const chosen = new Set<string>();
  while (chosen.size < batchSize) chosen.add(productIds[Math.floor(next() * productIds.length)] as string);
  return JSON.stringify({
    movements: [...chosen].map((productId, i) =>
      i % 4 === 0
        ? {
            productId,
            quantity: 3,
            unitCost: 3.25,
            reason: 'Réception',
            refKind: 'delivery',
            refId: `BL-${i}`,
          }
        : { productId, quantity: -1, reason: 'Vente', refKind: 'ticket', refId: `T-${i}` },
    ),
  });
}
const hotBatch = JSON.stringify({
  movements: Array.from({ length: batchSize }, (_, i) => ({
    productId: hotProductId,
    quantity: i % 2 === 0 ? -2 : 1,
    reason: 'Caisse',
  })),
});

const api = await startServer('REST', join(benchDir, 'serve-api.ts'), {
  env: { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, REDIS_KEY_PREFIX: 'comptoir-bench-stock:rl' },
});
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

interface Scenario {
  name: string;
  connections: number;
  body: () => string;
  idempotent?: boolean;
  p50TargetMs?: number;
}
const scenarios: Scenario[] = [
  { name: '200 movements, 200 products', connections: 1, body: spreadBatch, p50TargetMs: 100 },
  {
    name: '200 movements, 200 products, Idempotency-Key',
    connections: 1,
    body: spreadBatch,
    idempotent: true,
  },
  { name: '200 movements, 200 products, concurrent', connections: 8, body: spreadBatch },
  { name: '200 movements, one hot product', connections: 1, body: () => hotBatch },
  { name: '200 movements, one hot product, concurrent', connections: 8, body: () => hotBatch },
];

const results = [];
for (const scenario of scenarios) {
  const options = {
    url: `http://127.0.0.1:${api.port}/api/v1/stock-movements`,
    connections: scenario.connections,
    timeout: 10,
    requests: [
      {
        method: 'POST' as const,
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: scenario.idempotent ? { ...headers, 'idempotency-key': randomUUID() } : headers,
          body: scenario.body(),
        }),
      },
    ],
  };
  await autocannon({ ...options, duration: warmupSeconds });
  const cpuBefore = cpuSnapshot(api.process.pid, databaseName);
  const result = await autocannon({ ...options, duration: durationSeconds });
  const cpu = cpuUsed(cpuBefore, cpuSnapshot(api.process.pid, databaseName));
  const row = {
    scenario: scenario.name,
    connections: scenario.connections,
    batchesPerSecond: Math.round(result.requests.average * 10) / 10,
    movementsPerSecond: Math.round(result.requests.average * batchSize),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    // Where a batch's time goes: CPU ms per batch in the API process and in PostgreSQL.
    cpuMsPerBatch: {
      api: Math.round((cpu.server / result.requests.total) * 10) / 10,
      postgres: Math.round((cpu.postgres / result.requests.total) * 10) / 10,
    },
    ...(scenario.p50TargetMs
      ? { p50TargetMs: scenario.p50TargetMs, pass: result.latency.p50 < scenario.p50TargetMs }
      : {}),
  };
  results.push(row);
  log(
    `${scenario.name.padEnd(46)} ${String(row.movementsPerSecond).padStart(7)} movements/s  p50 ${row.p50} ms  p99 ${row.p99} ms  (${scenario.connections} connections, non-2xx ${row.non2xx})`,
  );
}
await api.stop();

// The ledger must hold exactly what the products' quantities say.
const check = new pg.Client({ connectionString: databaseUrl });
await check.connect();
const consistency = (
  await check.query<{ entries: string; drift: string }>(
    `with moved as (select product_id, sum(delta) as total, count(*) as entries
                      from stock_movements group by product_id)
     select (select sum(entries) from moved) as entries,
            count(*) filter (where p.stock_quantity <> 1000000000 + coalesce(moved.total, 0)) as drift
       from products p left join moved on moved.product_id = p.id`,
  )
).rows[0];
await check.end();
log(
  `ledger entries: ${consistency?.entries}; products whose quantity differs from their ledger: ${consistency?.drift}`,
);

console.log(
  '\n| scenario | connections | batches/s | movements/s | p50 ms | p99 ms | CPU ms/batch API | CPU ms/batch PostgreSQL | target |',
);
console.log('|:--|--:|--:|--:|--:|--:|--:|--:|:--|');
for (const row of results) {
  const target = 'pass' in row ? `${row.pass ? 'PASS' : 'FAIL'} p50 < ${row.p50TargetMs} ms` : '';
  console.log(
    `| ${row.scenario} | ${row.connections} | ${row.batchesPerSecond} | ${row.movementsPerSecond} | ${row.p50} | ${row.p99} | ${row.cpuMsPerBatch.api} | ${row.cpuMsPerBatch.postgres} | ${target} |`,
  );
}
writeResult('stock.json', { date: new Date().toISOString(), results, consistency });
await redis.stop();
await postgres.stop();
