/**
 * Load benchmark of GET /api/v1/products: the real API (Fastify + tRPC + trpc-to-openapi +
 * MikroORM + Redis rate limit) against a bare Fastify + pg server running the same SQL.
 * `pnpm bench`; not part of the tests. See docs/benchmarks.md.
 *
 * Environment:
 *   DATABASE_URL / REDIS_URL  services to use (else local standard ports, else embedded ones)
 *   BENCH_DURATION            seconds of each measured run (default 10)
 *   BENCH_WARMUP              seconds of the warm-up before each run (default 3)
 *   BENCH_FIRST_WARMUP        seconds of load on every scenario of every target before the first
 *                             round (default 10): V8 has compiled each server's path by then
 *   BENCH_CONNECTIONS         concurrent connections (default 50; the targets assume 50)
 *   BENCH_ROUNDS              measure every scenario and target this many times, interleaved,
 *                             and judge the targets on the medians (default 3)
 *   BENCH_LADDER=1            also measure the decomposition servers (serve-ladder.ts)
 *   BENCH_PROFILE=1           afterwards, profile the API (--cpu-prof) under load and summarise
 *   BENCH_PERF=1              afterwards, on-CPU profiles of bare and REST with Linux perf
 *   BENCH_SCENARIOS=list,get  only these scenarios (default: list,search,get)
 *   BENCH_SAMPLED_STATS=1     keep ANALYZE's default sampled statistics (the search plan may flip)
 *   BENCH_API_NODE_FLAGS=…    also measure the API started with these node flags (e.g.
 *                             --max-semi-space-size=64), as an extra target next to REST
 *   BENCH_API_CHECKOUTS=…     also measure the API of other checkouts of this repository, each
 *                             `name=/path/to/checkout` (comma-separated; each with its own
 *                             `pnpm install`), as extra targets: an A/B of two versions in one run
 */

import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createCompany, createKey, createWorkspace, importProducts, listProducts } from '@comptoir/core';
import type { Database, EntityManager } from '@comptoir/db';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import {
  benchDir,
  benchRounds,
  type ChildServer,
  type CpuUsage,
  checkoutsSetting,
  cpuSnapshot,
  cpuUsed,
  median,
  numberSetting,
  printTable,
  processRssBytes,
  resultsDir,
  startServer,
  writeResult,
} from './lib.ts';
import { type PerfSummary, printPerfSummary, summarisePerf } from './perf-summary.ts';
import { type ProfileSummary, printSummary, summariseProfile } from './profile-summary.ts';
import { catalogue, searchTerm, supplierNames } from './seed.ts';
import { benchServices } from './services.ts';

const productCount = 100_000;
const importChunk = 10_000;
const databaseName = 'comptoir_bench';
const durationSeconds = numberSetting('BENCH_DURATION', 10);
const warmupSeconds = numberSetting('BENCH_WARMUP', 3);
const firstWarmupSeconds = numberSetting('BENCH_FIRST_WARMUP', 10);
const connections = numberSetting('BENCH_CONNECTIONS', 50);
const withLadder = process.env.BENCH_LADDER === '1';
const withProfile = process.env.BENCH_PROFILE === '1';
const withPerf = process.env.BENCH_PERF === '1';
// Node flags for an extra API target, to try runtime settings (e.g. --max-semi-space-size=64).
const apiNodeFlags = (process.env.BENCH_API_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
// Other checkouts' APIs, as `name=dir`, to compare two versions of the code in the same rounds.
const apiCheckouts = checkoutsSetting('BENCH_API_CHECKOUTS');
// Issue 16's targets: list and get at 70 % of bare with p99 under 50 ms; search at 85 % with a p99
// within 1.3x of bare's; the API's RSS under 200 MB under this load.
const targets = {
  minThroughputRatio: { list: 0.7, get: 0.7, search: 0.85 } as Record<string, number>,
  maxP99Ms: 50,
  maxSearchP99ToBare: 1.3,
  maxApiRssMb: 200,
};
const rounds = benchRounds();

const log = (message: string) => console.log(`[bench] ${message}`);
const startLoad = os.loadavg().map((value) => Math.round(value * 100) / 100);

// 1. Services, as the tests find them, with a database of our own.
const {
  postgres,
  redis: redisService,
  databaseUrl,
  serverVersion,
  orm,
} = await benchServices(databaseName, log);

// 2. One workspace, 100,000 products, a read key whose limit never triggers.
const seedStarted = performance.now();
const workspace = await createWorkspace(orm.em.fork(), { name: 'Épicerie du Banc d’Essai' });
const supplierIds: string[] = [];
for (const name of supplierNames) {
  const company = await createCompany(orm.em.fork(), workspace.id, { name }, { isSupplier: true });
  supplierIds.push(company.id);
}
for (let start = 0; start < productCount; start += importChunk) {
  await importProducts(orm.em.fork(), workspace.id, catalogue(start, importChunk, supplierIds));
}
const { key } = await createKey(orm.em.fork(), {
  workspaceId: workspace.id,
  name: 'bench',
  scopes: ['read:products'],
  rateLimitPerMinute: 1_000_000_000,
});
const benchDb = new pg.Client({ connectionString: databaseUrl });
await benchDb.connect();
// Statistics from the whole table, not ANALYZE's random sample. With the default sample the `q`
// estimate comes from a 101-bound histogram and flips between runs (see docs/benchmarks.md,
// "search plan"), and with it the plan: numbers would not be comparable from run to run.
if (process.env.BENCH_SAMPLED_STATS !== '1') {
  await benchDb.query('alter table products alter column search_text set statistics 1000');
}
await benchDb.query('vacuum analyze');
const searchMatches = (
  await listProducts(orm.em.fork(), workspace.id, { q: searchTerm, limit: 1, offset: 0 })
).total;
// The plans of the list and search statements, for the report: listProducts itself builds the
// statement, and this stand-in for the EntityManager (a Kysely whose pool hands out a client
// that explains each statement instead of running it) reports its plan.
async function explainList(query: { q?: string }): Promise<string[]> {
  let plan: string[] = [];
  const explaining = {
    async query(text: string, values: unknown[]) {
      if (plan.length === 0) {
        const result = await benchDb.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values);
        plan = result.rows.map((row) => row['QUERY PLAN']);
      }
      return { rows: [], command: 'SELECT', rowCount: 0 };
    },
    release() {},
  };
  const explainer = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => explaining, end: async () => {} } as never }),
  });
  await listProducts({ getKysely: () => explainer } as unknown as EntityManager, workspace.id, {
    limit: 20,
    offset: 0,
    ...query,
  });
  return plan;
}
const plans = { list: await explainList({}), search: await explainList({ q: searchTerm }) };
// A product from the middle of the catalogue for the `get` scenario.
const sampleProductId = (
  await benchDb.query<{ id: string }>('select id from products order by reference offset 50000 limit 1')
).rows[0]?.id;
if (!sampleProductId) throw new Error('no product to get');
await benchDb.end();
await orm.close();
for (const [name, plan] of Object.entries(plans)) {
  const nodes = plan
    .filter((line) => /Scan|Sort|Limit|Aggregate|Result/.test(line) && !/Sort Key/.test(line))
    .map((line) =>
      line
        .trim()
        .replace(/^->\s+/, '')
        .replace(/\s*\(cost=[^ ]+ rows=(\d+) width=\d+\)/, ' (est. $1 rows)'),
    );
  log(`${name} plan: ${nodes.join(' | ')}`);
}
log(
  `seeded ${productCount} products in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s; q=${JSON.stringify(searchTerm)} matches ${searchMatches}`,
);

// 3. Each server in its own process, so the load generator does not share its event loop.
const redisKeyPrefix = `comptoir-bench:${process.pid}`;
const childEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redisService.url,
  WORKSPACE_ID: workspace.id,
  REDIS_KEY_PREFIX: redisKeyPrefix,
  PORT: '0',
};
const authorization = `Bearer ${key}`;

interface Target {
  name: string;
  script: string;
  prefix: string;
  headers: Record<string, string>;
  env?: Record<string, string>;
  nodeFlags?: string[];
  server?: ChildServer;
}

const targetList: Target[] = [
  { name: 'bare', script: 'serve-bare.ts', prefix: '', headers: {} },
  { name: 'REST', script: 'serve-api.ts', prefix: '/api/v1', headers: { authorization } },
];
if (apiNodeFlags.length > 0) {
  // Measured in the same run as REST: on a shared machine, runs minutes apart are not comparable.
  targetList.push({
    name: `REST ${apiNodeFlags.join(' ')}`,
    script: 'serve-api.ts',
    prefix: '/api/v1',
    headers: { authorization },
    nodeFlags: apiNodeFlags,
  });
}
for (const checkout of apiCheckouts) {
  targetList.push({
    name: `REST ${checkout.name}`,
    script: join(checkout.dir, 'bench', 'serve-api.ts'),
    prefix: '/api/v1',
    headers: { authorization },
  });
}
if (withLadder) {
  const rungs: [string, string][] = [
    ['orm', ''],
    ['orm+auth', 'auth'],
    ['orm+auth+rl', 'auth,rl'],
    ['orm+auth+rl+zod', 'auth,rl,zod'],
  ];
  // Between bare and REST in the table, in the order layers are added.
  targetList.splice(
    1,
    0,
    ...rungs.map(([name, layers]) => ({
      name,
      script: 'serve-ladder.ts',
      prefix: '',
      headers: { authorization },
      env: { LAYERS: layers },
    })),
  );
}

const allScenarios = [
  { name: 'list', path: '/products?limit=20', extra: false },
  { name: 'search', path: `/products?limit=20&q=${encodeURIComponent(searchTerm)}`, extra: false },
  // One cheap primary-key read, where the framework's share of the time is largest.
  { name: 'get', path: `/products/${sampleProductId}`, extra: false },
];
const chosenScenarios = process.env.BENCH_SCENARIOS?.split(',').filter((name) => name !== '');
const scenarios = chosenScenarios
  ? allScenarios.filter((scenario) => chosenScenarios.includes(scenario.name))
  : allScenarios;

interface RunResult {
  round: number;
  scenario: string;
  target: string;
  path: string;
  requestsPerSecond: number;
  requestsTotal: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  /** CPU time per request of each process during the measured run (see cpuSnapshot). */
  cpuMsPerRequest: CpuUsage;
  /** 1-minute load average at the end of the run: other work on the machine shows here. */
  loadAverage: number;
  /** The server's largest resident set size sampled during the measured run, in MB. */
  peakRssMb: number;
}

async function load(url: string, headers: Record<string, string>, seconds: number) {
  return autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
}

async function measure(
  target: Target,
  scenario: (typeof scenarios)[number],
  round: number,
): Promise<RunResult> {
  const url = `http://127.0.0.1:${target.server?.port}${target.prefix}${scenario.path}`;
  await load(url, target.headers, warmupSeconds);
  const pid = target.server?.process.pid;
  const before = cpuSnapshot(pid, databaseName);
  let peakRssBytes = 0;
  const sampleRss = () => {
    if (pid !== undefined) peakRssBytes = Math.max(peakRssBytes, processRssBytes(pid) || 0);
  };
  const rssSampler = setInterval(sampleRss, 250);
  const result = await load(url, target.headers, durationSeconds).finally(() => clearInterval(rssSampler));
  sampleRss();
  const used = cpuUsed(before, cpuSnapshot(pid, databaseName));
  const perRequest = (key: keyof CpuUsage) =>
    Math.round((used[key] / Math.max(1, result.requests.total)) * 1000) / 1000;
  return {
    round,
    scenario: scenario.name,
    target: target.name,
    path: `${target.prefix}${scenario.path}`,
    requestsPerSecond: Math.round(result.requests.average),
    requestsTotal: result.requests.total,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      mean: Math.round(result.latency.average * 100) / 100,
      max: result.latency.max,
    },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    cpuMsPerRequest: {
      server: perRequest('server'),
      postgres: perRequest('postgres'),
      redis: perRequest('redis'),
      loadGenerator: perRequest('loadGenerator'),
    },
    loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
    peakRssMb: Math.round(peakRssBytes / 2 ** 20),
  };
}

const results: RunResult[] = [];
const consistency: { scenario: string; target: string; identical: boolean; total: number }[] = [];
try {
  for (const target of targetList) {
    target.server = await startServer(target.name, resolve(benchDir, target.script), {
      env: { ...childEnv, ...target.env },
      nodeFlags: target.nodeFlags ?? [],
    });
  }
  log(`servers: ${targetList.map((t) => `${t.name} on :${t.server?.port}`).join(', ')}`);

  // Every target must answer the same body, or the comparison means nothing.
  for (const scenario of scenarios) {
    let reference: unknown;
    for (const target of targetList) {
      const response = await fetch(
        `http://127.0.0.1:${target.server?.port}${target.prefix}${scenario.path}`,
        {
          headers: target.headers,
        },
      );
      const body = (await response.json()) as { pagination?: { total?: number } };
      if (response.status !== 200)
        throw new Error(`${target.name} ${scenario.name}: HTTP ${response.status}`);
      reference ??= body;
      const identical = isDeepStrictEqual(body, reference);
      consistency.push({
        scenario: scenario.name,
        target: target.name,
        identical,
        total: body.pagination?.total ?? -1,
      });
      if (!identical) log(`WARNING: ${target.name} answers ${scenario.name} differently from bare`);
    }
  }

  log(
    `load: ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s measured per run, ` +
      `${rounds} rounds of ${scenarios.length * targetList.length} runs`,
  );
  // A server's first seconds under load are JIT compilation, longer for REST's deeper path than
  // for bare's: without this, round 1 measured the compiler more than the server.
  for (const target of targetList) {
    for (const scenario of scenarios) {
      await load(
        `http://127.0.0.1:${target.server?.port}${target.prefix}${scenario.path}`,
        target.headers,
        firstWarmupSeconds,
      );
    }
  }
  // Rounds interleave: each round measures every scenario on every target, so a slow minute of
  // the shared machine lands on one round of everything rather than on one target.
  // With more than one target beside bare, every other round measures them in reverse order, so
  // no target always runs right after bare (or last) in an A/B.
  for (let round = 1; round <= rounds; round++) {
    const ordered =
      round % 2 === 0 ? [...targetList.slice(0, 1), ...targetList.slice(1).reverse()] : targetList;
    for (const scenario of scenarios) {
      for (const target of ordered) {
        const result = await measure(target, scenario, round);
        results.push(result);
        log(
          `round ${round} ${scenario.name.padEnd(6)} ${target.name.padEnd(16)} ${String(result.requestsPerSecond).padStart(6)} req/s  ` +
            `p50 ${result.latencyMs.p50} ms  p99 ${result.latencyMs.p99} ms  ` +
            `CPU/req: server ${result.cpuMsPerRequest.server} ms, postgres ${result.cpuMsPerRequest.postgres} ms, ` +
            `redis ${result.cpuMsPerRequest.redis} ms  (load ${result.loadAverage})` +
            (result.non2xx + result.errors > 0
              ? `  (non-2xx ${result.non2xx}, errors ${result.errors})`
              : ''),
        );
      }
    }
  }
} finally {
  for (const target of targetList) await target.server?.stop();
}

// Optional: the API alone under load, with V8's sampling profiler, for the analysis.
const profiles: (ProfileSummary & { scenario: string; requestsPerSecond: number })[] = [];
if (withProfile) {
  const profileRoot = join(resultsDir, 'profiles');
  rmSync(profileRoot, { recursive: true, force: true });
  for (const scenario of scenarios) {
    const profileDir = join(profileRoot, scenario.name);
    mkdirSync(profileDir, { recursive: true });
    const profiled = await startServer(`REST profiled ${scenario.name}`, join(benchDir, 'serve-api.ts'), {
      env: childEnv,
      nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    });
    const nowUs = () => Number(process.hrtime.bigint() / 1000n);
    let window = { fromUs: 0, toUs: 0 };
    let requestsPerSecond = 0;
    let requests = 0;
    try {
      const url = `http://127.0.0.1:${profiled.port}/api/v1${scenario.path}`;
      await load(url, { authorization }, warmupSeconds);
      window = { fromUs: nowUs(), toUs: 0 };
      const profiledRun = await load(url, { authorization }, durationSeconds);
      window.toUs = nowUs();
      requestsPerSecond = Math.round(profiledRun.requests.average);
      requests = profiledRun.requests.total;
      log(`profiled ${scenario.name}: ${requestsPerSecond} req/s (profiler overhead included)`);
    } finally {
      await profiled.stop();
    }
    const [file] = readdirSync(profileDir)
      .filter((name) => name.endsWith('.cpuprofile'))
      .map((name) => join(profileDir, name));
    if (!file) {
      log(`no .cpuprofile was written for ${scenario.name}`);
      continue;
    }
    const summary = summariseProfile(file, { window, requests });
    printSummary(summary);
    profiles.push({ scenario: scenario.name, requestsPerSecond, ...summary });
  }
}

// Optional: on-CPU profiles (Linux perf) of bare and REST under the same load, for the analysis.
const perfProfiles: (PerfSummary & { scenario: string; target: string; requestsPerSecond: number })[] = [];
if (withPerf) {
  const perfWorks = spawnSync('perf', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!perfWorks) log('BENCH_PERF=1 needs Linux perf on PATH (and the right to profile); skipped');
  const perfRoot = join(resultsDir, 'perf');
  rmSync(perfRoot, { recursive: true, force: true });
  mkdirSync(perfRoot, { recursive: true });
  const recordSeconds = Math.max(1, durationSeconds - 1);
  for (const scenario of perfWorks ? scenarios : []) {
    for (const target of targetList.filter((t) => t.name === 'bare' || t.name === 'REST')) {
      const server = await startServer(
        `${target.name} perf ${scenario.name}`,
        resolve(benchDir, target.script),
        {
          env: { ...childEnv, ...target.env },
          nodeFlags: ['--perf-basic-prof-only-functions'],
          // V8 writes an isolate-*.log into the working directory with this flag: keep it here.
          cwd: perfRoot,
        },
      );
      const file = join(perfRoot, `${scenario.name}-${target.name}.data`);
      let requestsPerSecond = 0;
      try {
        const url = `http://127.0.0.1:${server.port}${target.prefix}${scenario.path}`;
        await load(url, target.headers, warmupSeconds);
        const run = load(url, target.headers, durationSeconds);
        // Asynchronous: the load generator runs on this event loop.
        const perfArgs = ['record', '-q', '-e', 'cpu-clock', '-F', '997', '-g'];
        const recorder = spawn('perf', [...perfArgs, '-p', String(server.process.pid), '-o', file], {
          stdio: 'ignore',
        });
        recorder.once('spawn', () => setTimeout(() => recorder.kill('SIGINT'), recordSeconds * 1000));
        await new Promise((resolve) => recorder.once('close', resolve));
        requestsPerSecond = Math.round((await run).requests.average);
      } finally {
        await server.stop();
      }
      const summary = summarisePerf(file, requestsPerSecond * recordSeconds);
      // perf resolves JS frames through this map; kept next to the data for a later `perf report`
      // (copy it back to /tmp to use it).
      const jsMap = `/tmp/perf-${server.process.pid}.map`;
      if (existsSync(jsMap)) {
        copyFileSync(jsMap, join(perfRoot, `perf-${server.process.pid}.map`));
        rmSync(jsMap);
      }
      printPerfSummary(summary, `${scenario.name} ${target.name} (${requestsPerSecond} req/s)`);
      perfProfiles.push({ scenario: scenario.name, target: target.name, requestsPerSecond, ...summary });
    }
  }
}

await redisService.stop();
await postgres.stop();

// 4. Report: per round the ratio to bare of the same round, then the median over the rounds.
const runs = results.map((result) => {
  const bare = results.find(
    (r) => r.round === result.round && r.scenario === result.scenario && r.target === 'bare',
  );
  const ratio = bare && bare.requestsPerSecond > 0 ? result.requestsPerSecond / bare.requestsPerSecond : 0;
  return { ...result, ratioToBare: Math.round(ratio * 1000) / 1000 };
});
const rows = scenarios.flatMap((scenario) =>
  targetList.map((target) => {
    const mine = runs.filter((r) => r.scenario === scenario.name && r.target === target.name);
    const of = (pick: (run: (typeof mine)[number]) => number) => median(mine.map(pick));
    return {
      scenario: scenario.name,
      target: target.name,
      rounds: mine.length,
      requestsPerSecond: Math.round(of((r) => r.requestsPerSecond)),
      latencyMs: { p50: of((r) => r.latencyMs.p50), p99: of((r) => r.latencyMs.p99) },
      ratioToBare: Math.round(of((r) => r.ratioToBare) * 1000) / 1000,
      ratiosToBare: mine.map((r) => r.ratioToBare),
      cpuMsPerRequest: {
        server: of((r) => r.cpuMsPerRequest.server),
        postgres: of((r) => r.cpuMsPerRequest.postgres),
      },
      peakRssMb: Math.max(...mine.map((r) => r.peakRssMb)),
      non2xx: mine.reduce((sum, r) => sum + r.non2xx, 0),
      errors: mine.reduce((sum, r) => sum + r.errors, 0),
    };
  }),
);
const checks = scenarios.flatMap((scenario) => {
  const rest = rows.find((r) => r.scenario === scenario.name && r.target === 'REST');
  const bare = rows.find((r) => r.scenario === scenario.name && r.target === 'bare');
  if (!rest || !bare) return [];
  const clean = rest.non2xx === 0 && rest.errors === 0;
  const minRatio = targets.minThroughputRatio[scenario.name] ?? 0.7;
  const ratioCheck = {
    scenario: scenario.name,
    extra: scenario.extra,
    check: `REST throughput >= ${minRatio * 100}% of bare (median of ${rest.rounds})`,
    value: `${(rest.ratioToBare * 100).toFixed(1)}% (rounds: ${rest.ratiosToBare.map((r) => `${(r * 100).toFixed(1)}%`).join(', ')})`,
    pass: rest.ratioToBare >= minRatio && clean,
  };
  const p99Check =
    scenario.name === 'search'
      ? {
          scenario: scenario.name,
          extra: scenario.extra,
          check: `REST p99 < bare p99 x ${targets.maxSearchP99ToBare}`,
          value: `${rest.latencyMs.p99} ms vs ${bare.latencyMs.p99} ms (${(rest.latencyMs.p99 / Math.max(1, bare.latencyMs.p99)).toFixed(2)}x)`,
          pass: rest.latencyMs.p99 < bare.latencyMs.p99 * targets.maxSearchP99ToBare && clean,
        }
      : {
          scenario: scenario.name,
          extra: scenario.extra,
          check: `REST p99 < ${targets.maxP99Ms} ms at ${connections} connections`,
          value: `${rest.latencyMs.p99} ms`,
          pass: rest.latencyMs.p99 < targets.maxP99Ms && clean,
        };
  const rssCheck = {
    scenario: scenario.name,
    extra: scenario.extra,
    check: `API RSS < ${targets.maxApiRssMb} MB under load`,
    value: `peak ${rest.peakRssMb} MB`,
    pass: rest.peakRssMb < targets.maxApiRssMb,
  };
  return [ratioCheck, p99Check, rssCheck];
});

const header = [
  'scenario',
  'target',
  'req/s',
  'p50 ms',
  'p99 ms',
  'vs bare',
  'node CPU ms/req',
  'pg CPU ms/req',
  'peak RSS MB',
  'non-2xx/err',
];
const lines = rows.map((row) => [
  row.scenario,
  row.target,
  String(row.requestsPerSecond),
  String(row.latencyMs.p50),
  String(row.latencyMs.p99),
  `${(row.ratioToBare * 100).toFixed(1)}%`,
  row.cpuMsPerRequest.server.toFixed(2),
  row.cpuMsPerRequest.postgres.toFixed(2),
  String(row.peakRssMb),
  `${row.non2xx}/${row.errors}`,
]);
printTable(header, lines);
for (const check of checks) {
  console.log(
    `${check.pass ? 'PASS' : 'FAIL'}  ${check.scenario.padEnd(6)} ${check.check}: ${check.value}` +
      (check.extra ? '  (extra scenario, informative)' : ''),
  );
}
const inconsistent = consistency.filter((entry) => !entry.identical);
if (inconsistent.length > 0) {
  console.log(
    `\nWARNING: bodies differ from bare for ${inconsistent.map((e) => `${e.target}/${e.scenario}`).join(', ')}`,
  );
}

const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    postgres: serverVersion,
    postgresSource: postgres.source,
    redisSource: redisService.source,
    loadAverageAtStart: startLoad,
  },
  config: {
    products: productCount,
    searchTerm,
    searchMatches,
    plans,
    statistics: process.env.BENCH_SAMPLED_STATS === '1' ? 'sampled (default)' : 'whole table',
    connections,
    warmupSeconds,
    durationSeconds,
    apiNodeFlags,
    apiCheckouts,
    targets,
  },
  consistency,
  results: rows,
  runs,
  checks,
  ...(profiles.length > 0 ? { profiles } : {}),
  ...(perfProfiles.length > 0 ? { perf: perfProfiles } : {}),
};
log(`results written to ${writeResult('latest.json', report)}`);
