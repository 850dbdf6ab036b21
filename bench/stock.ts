/**
 * `pnpm bench`, third part: the stock engine (issue #4), through the real API.
 * - one 200-movement batch over 200 distinct products, one request at a time (p50, p99);
 *   target: p50 under 100 ms;
 * - the same with an Idempotency-Key on every request (its cost: claim + stored answer);
 * - concurrent batches over a shared catalogue (applied movements per second);
 * - 200 movements of one hot product in a batch, alone and from concurrent clients;
 * - POST /products/{id}/adjust at 20 connections, every request with a fresh Idempotency-Key,
 *   then with a quarter of the requests replaying an earlier key and body; target: 1,500/s.
 * Target of issue 16 for the spread batch: p50 under 25 ms.
 *
 * Settings: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_ROUNDS (rounds of
 * every scenario, judged on the medians; default 3), BENCH_STOCK_SCENARIOS
 * (ids to run, e.g. `batch,adjust,adjust-replays`; default all), BENCH_STOCK_DATABASE (database
 * name, default comptoir_bench_stock), BENCH_API_NODE_FLAGS (node flags for the API, e.g.
 * `--cpu-prof --cpu-prof-dir=/tmp/p`).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { createKey, createWorkspace, importProducts, scopes } from '@comptoir/core';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  benchDir,
  benchRounds,
  cpuSnapshot,
  cpuUsed,
  type LoadRun,
  measureInRounds,
  roundsText,
  startServer,
  writeResult,
} from './lib.ts';
import { random } from './seed.ts';
import { benchServices, vacuumAnalyze } from './services.ts';

const databaseName = process.env.BENCH_STOCK_DATABASE || 'comptoir_bench_stock';
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const rounds = benchRounds();
const catalogueSize = 10_000;
const batchSize = 200;
const selectedScenarios = process.env.BENCH_STOCK_SCENARIOS?.split(',').map((id) => id.trim());
const apiNodeFlags = process.env.BENCH_API_NODE_FLAGS?.split(' ').filter((flag) => flag !== '') ?? [];
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
  env: { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, REDIS_KEY_PREFIX: `${databaseName}:rl` },
  nodeFlags: apiNodeFlags,
});
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };

/** What an adjustment scenario sent: the replays pick from it, the check compares with it. */
interface SentAdjustment {
  path: string;
  key: string;
  body: string;
}

interface Scenario {
  id: string;
  name: string;
  connections: number;
  /** What one request moves: 200 for a batch, 1 for an adjustment. */
  movementsPerRequest: number;
  request: () => { path: string; body: string; idempotencyKey?: string };
  p50TargetMs?: number;
  minRequestsPerSecond?: number;
}

const sentAdjustments: SentAdjustment[] = [];
/** A count of the product: a few units below the seeded stock, never refused. */
function freshAdjustment(): SentAdjustment {
  const productId = productIds[Math.floor(next() * productIds.length)] as string;
  const sent = {
    path: `/api/v1/products/${productId}/adjust`,
    key: randomUUID(),
    body: JSON.stringify({ countedQuantity: 1_000_000_000 - Math.floor(next() * 50), note: 'Inventaire' }),
  };
  sentAdjustments.push(sent);
  return sent;
}
/**
 * A quarter of the requests replay an adjustment sent at least 200 requests earlier (finished
 * by then: 20 connections), so they take the stored-answer path, not the wait on a running one.
 */
function adjustmentWithReplays(): SentAdjustment {
  if (sentAdjustments.length > 1000 && next() < 0.25) {
    return sentAdjustments[Math.floor(next() * (sentAdjustments.length - 200))] as SentAdjustment;
  }
  return freshAdjustment();
}
const adjustmentRequest = (sent: SentAdjustment) => ({
  path: sent.path,
  body: sent.body,
  idempotencyKey: sent.key,
});

const allScenarios: Scenario[] = [
  {
    id: 'batch',
    name: '200 movements, 200 products',
    connections: 1,
    movementsPerRequest: batchSize,
    request: () => ({ path: '/api/v1/stock-movements', body: spreadBatch() }),
    p50TargetMs: 25,
  },
  {
    id: 'batch-idempotent',
    name: '200 movements, 200 products, Idempotency-Key',
    connections: 1,
    movementsPerRequest: batchSize,
    request: () => ({ path: '/api/v1/stock-movements', body: spreadBatch(), idempotencyKey: randomUUID() }),
  },
  {
    id: 'batch-concurrent',
    name: '200 movements, 200 products, concurrent',
    connections: 8,
    movementsPerRequest: batchSize,
    request: () => ({ path: '/api/v1/stock-movements', body: spreadBatch() }),
  },
  {
    id: 'hot',
    name: '200 movements, one hot product',
    connections: 1,
    movementsPerRequest: batchSize,
    request: () => ({ path: '/api/v1/stock-movements', body: hotBatch }),
  },
  {
    id: 'hot-concurrent',
    name: '200 movements, one hot product, concurrent',
    connections: 8,
    movementsPerRequest: batchSize,
    request: () => ({ path: '/api/v1/stock-movements', body: hotBatch }),
  },
  {
    id: 'adjust',
    name: 'adjust, fresh Idempotency-Key',
    connections: 20,
    movementsPerRequest: 1,
    request: () => adjustmentRequest(freshAdjustment()),
    minRequestsPerSecond: 1500,
  },
  {
    id: 'adjust-replays',
    name: 'adjust, Idempotency-Key, 1/4 replays',
    connections: 20,
    movementsPerRequest: 1,
    request: () => adjustmentRequest(adjustmentWithReplays()),
    minRequestsPerSecond: 1500,
  },
];
const scenarios = allScenarios.filter(
  (scenario) => !selectedScenarios || selectedScenarios.includes(scenario.id),
);

interface Measured extends LoadRun {
  replayed: number;
}
async function measure(scenario: Scenario, round: number): Promise<Measured> {
  let replayed = 0;
  const options = {
    url: `http://127.0.0.1:${api.port}`,
    connections: scenario.connections,
    timeout: 10,
    requests: [
      {
        method: 'POST' as const,
        setupRequest: (request: autocannon.Request) => {
          const { path, body, idempotencyKey } = scenario.request();
          return {
            ...request,
            path,
            headers: idempotencyKey ? { ...headers, 'idempotency-key': idempotencyKey } : headers,
            body,
          };
        },
        onResponse: (
          _status: number,
          _body: string,
          _context: object,
          responseHeaders?: IncomingHttpHeaders,
        ) => {
          if (responseHeaders?.['idempotent-replayed'] === 'true') replayed++;
        },
      },
    ],
  };
  await autocannon({ ...options, duration: warmupSeconds });
  replayed = 0;
  const cpuBefore = cpuSnapshot(api.process.pid, databaseName);
  const result = await autocannon({ ...options, duration: durationSeconds });
  const cpu = cpuUsed(cpuBefore, cpuSnapshot(api.process.pid, databaseName));
  const perRequest = (ms: number) => Math.round((ms / result.requests.total) * 100) / 100;
  const run = {
    round,
    requestsPerSecond: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    replayed,
    cpuMsPerRequest: { api: perRequest(cpu.server), postgres: perRequest(cpu.postgres) },
  };
  log(
    `round ${round} ${scenario.name.padEnd(46)} ${String(run.requestsPerSecond).padStart(7)} req/s ${String(Math.round(run.requestsPerSecond * scenario.movementsPerRequest)).padStart(7)} movements/s  p50 ${run.p50} ms  p99 ${run.p99} ms  CPU ms/req API ${run.cpuMsPerRequest.api} PostgreSQL ${run.cpuMsPerRequest.postgres}  (${scenario.connections} connections, non-2xx ${run.non2xx}, replayed ${replayed})`,
  );
  return run;
}

// Targets judged on the medians of the rounds.
const results = (await measureInRounds(scenarios, measure)).map(
  ({ scenario, runs: measured, median: of, clean }) => {
    const requestsPerSecond = of((run) => run.requestsPerSecond);
    const p50 = of((run) => run.p50);
    return {
      scenario: scenario.name,
      connections: scenario.connections,
      rounds: measured.length,
      requestsPerSecond,
      requestsPerSecondByRound: measured.map((run) => run.requestsPerSecond),
      movementsPerSecond: Math.round(requestsPerSecond * scenario.movementsPerRequest),
      p50,
      p50ByRound: measured.map((run) => run.p50),
      p99: of((run) => run.p99),
      non2xx: measured.reduce((sum, run) => sum + run.non2xx, 0),
      errors: measured.reduce((sum, run) => sum + run.errors, 0),
      replayed: measured.reduce((sum, run) => sum + run.replayed, 0),
      cpuMsPerRequest: {
        api: of((run) => run.cpuMsPerRequest.api),
        postgres: of((run) => run.cpuMsPerRequest.postgres),
      },
      ...(scenario.p50TargetMs
        ? { target: `p50 < ${scenario.p50TargetMs} ms`, pass: p50 < scenario.p50TargetMs && clean }
        : {}),
      ...(scenario.minRequestsPerSecond
        ? {
            target: `≥ ${scenario.minRequestsPerSecond} req/s`,
            pass: requestsPerSecond >= scenario.minRequestsPerSecond && clean,
          }
        : {}),
      runs: measured,
    };
  },
);
await api.stop();

// The ledger must hold exactly what the products' quantities say, and every adjustment key
// must have applied once: one ledger entry per stored answer, none for a replay.
const check = new pg.Client({ connectionString: databaseUrl });
await check.connect();
const consistency = (
  await check.query<{ entries: string; drift: string; adjustments: string; adjustmentKeys: string }>(
    `with moved as (select product_id, sum(delta) as total, count(*) as entries
                      from stock_movements group by product_id)
     select (select sum(entries) from moved) as entries,
            count(*) filter (where p.stock_quantity <> 1000000000 + coalesce(moved.total, 0)) as drift,
            (select count(*) from stock_movements where kind = 'adjustment') as adjustments,
            (select count(*) from idempotency_keys where endpoint = 'products.adjust') as "adjustmentKeys"
       from products p left join moved on moved.product_id = p.id`,
  )
).rows[0];
await check.end();
log(
  `ledger entries: ${consistency?.entries}; products whose quantity differs from their ledger: ${consistency?.drift}; adjustments ${consistency?.adjustments} for ${consistency?.adjustmentKeys} keys (${consistency?.adjustments === consistency?.adjustmentKeys ? 'PASS' : 'FAIL'} once per key)`,
);

console.log(
  `\n| scenario (median of ${rounds} rounds) | connections | req/s | req/s by round | movements/s | p50 ms | p50 by round | p99 ms | CPU ms/req API | CPU ms/req PostgreSQL | target |`,
);
console.log('|:--|--:|--:|--:|--:|--:|--:|--:|--:|--:|:--|');
for (const row of results) {
  const target = 'pass' in row ? `${row.pass ? 'PASS' : 'FAIL'} ${row.target}` : '';
  console.log(
    `| ${row.scenario} | ${row.connections} | ${row.requestsPerSecond} | ${roundsText(row.requestsPerSecondByRound)} | ${row.movementsPerSecond} | ${row.p50} | ${roundsText(row.p50ByRound)} | ${row.p99} | ${row.cpuMsPerRequest.api} | ${row.cpuMsPerRequest.postgres} | ${target} |`,
  );
}
writeResult('stock.json', { date: new Date().toISOString(), results, consistency });
await redis.stop();
await postgres.stop();
