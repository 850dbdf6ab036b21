/**
 * `pnpm bench`, contact and company search at scale (issue 16, target 3): `GET /contacts?q=` and
 * `GET /companies?q=` with 100,000 contacts and 20,000 companies in one workspace (and three
 * other workspaces with data, so the indexes hold other tenants' rows too), through the real API
 * and through the bare Fastify + pg route running the same SQL (bench/serve-bare.ts). Targets:
 * REST p99 < 100 ms at 10 connections, REST throughput >= 60 % of bare. See docs/benchmarks.md.
 *
 * Environment:
 *   DATABASE_URL / REDIS_URL  services to use (else local standard ports, else embedded ones)
 *   BENCH_DURATION            seconds of each measured run (default 10)
 *   BENCH_WARMUP              seconds of the warm-up before each run (default 3)
 *   BENCH_CONNECTIONS         concurrent connections (default 10; the targets assume 10)
 *   BENCH_ROUNDS              rounds of every scenario on both targets, interleaved; the targets
 *                             are judged on the medians (default 3)
 *   BENCH_SCENARIOS=a,b       only these scenarios (names as printed, e.g. contacts-common)
 */
import os from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { createKey, createWorkspace, listCompanies, listContacts } from '@comptoir/core';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedContactsAndCompanies } from './contact-rows.ts';
import { explainStatements } from './explain.ts';
import {
  benchDir,
  benchRounds,
  type ChildServer,
  cpuSnapshot,
  cpuUsed,
  median,
  numberSetting,
  printTable,
  roundsText,
  startServer,
  writeResult,
} from './lib.ts';
import { benchServices, vacuumAnalyze } from './services.ts';

const databaseName = 'comptoir_bench_search';
const durationSeconds = numberSetting('BENCH_DURATION', 10);
const warmupSeconds = numberSetting('BENCH_WARMUP', 3);
const connections = numberSetting('BENCH_CONNECTIONS', 10);
const rounds = benchRounds();
const targets = { maxP99Ms: 100, minThroughputRatio: 0.6 };
const log = (message: string) => console.log(`[bench search] ${message}`);
const startLoad = os.loadavg().map((value) => Math.round(value * 100) / 100);

// 1. Services and the seed: the measured workspace, then three others with data.
const { postgres, redis, databaseUrl, serverVersion, orm } = await benchServices(databaseName, log);
const seedStarted = performance.now();
const contactCount = 100_000;
const companyCount = 20_000;
const workspace = await createWorkspace(orm.em.fork(), { name: 'Cabinet Bénédicte & Associés' });
const companies = await seedContactsAndCompanies(orm.em.fork(), workspace.id, 16, companyCount, contactCount);
for (let other = 1; other <= 3; other++) {
  const neighbour = await createWorkspace(orm.em.fork(), { name: `Voisin ${other}` });
  await seedContactsAndCompanies(orm.em.fork(), neighbour.id, 16 + other, 4000, 20_000);
}
const { key } = await createKey(orm.em.fork(), {
  workspaceId: workspace.id,
  name: 'bench search',
  scopes: ['read:contacts'],
  rateLimitPerMinute: 1_000_000_000,
});
await vacuumAnalyze(databaseUrl);
log(
  `seeded ${contactCount} contacts and ${companyCount} companies (+3 workspaces of 20,000 and 4,000) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
);

// A SIRET and a VAT number of the measured workspace, for the identifier scenarios.
const withIdentifiers = companies.find(
  (company, index) => index > 9000 && company.siret && company.vatNumber,
);
if (!withIdentifiers?.siret || !withIdentifiers.vatNumber) throw new Error('no company with identifiers');

interface Scenario {
  name: string;
  list: 'contacts' | 'companies';
  q: string;
  what: string;
}
const allScenarios: Scenario[] = [
  { name: 'contacts-common', list: 'contacts', q: 'marie', what: 'a common first name' },
  { name: 'contacts-rare', list: 'contacts', q: 'kerguelen', what: 'a rare surname, typed without accents' },
  { name: 'contacts-accent', list: 'contacts', q: 'helene', what: 'an accented name typed without accents' },
  { name: 'contacts-email', list: 'contacts', q: 'thomas.dubois', what: 'an e-mail fragment' },
  {
    name: 'contacts-company',
    list: 'contacts',
    q: 'torrefaction',
    what: 'a company-name term (through the company)',
  },
  { name: 'companies-common', list: 'companies', q: 'boulangerie', what: 'a common trade' },
  { name: 'companies-rare', list: 'companies', q: 'ecluse', what: 'a rare name, typed without accents' },
  {
    name: 'companies-siret',
    list: 'companies',
    q: withIdentifiers.siret.slice(2, 10),
    what: 'a SIRET fragment',
  },
  {
    name: 'companies-vat',
    list: 'companies',
    q: withIdentifiers.vatNumber.slice(0, 7).toLowerCase(),
    what: 'a VAT number fragment',
  },
];
const chosen = process.env.BENCH_SCENARIOS?.split(',').filter((name) => name !== '');
const scenarios = chosen ? allScenarios.filter((scenario) => chosen.includes(scenario.name)) : allScenarios;

// 2. Matches and the database's own time per scenario: EXPLAIN ANALYZE of the statements the
// real listContacts / listCompanies send (a stand-in EntityManager that explains each one).
const explainDb = new pg.Client({ connectionString: databaseUrl });
await explainDb.connect();
function explain(scenario: Scenario) {
  const query = { q: scenario.q, limit: 20, offset: 0 };
  return explainStatements(explainDb, (em) =>
    scenario.list === 'contacts'
      ? listContacts(em, workspace.id, query)
      : listCompanies(em, workspace.id, query),
  );
}
const plans: Record<string, { plan: string[]; executionMs: number }[]> = {};
const matches: Record<string, number> = {};
for (const scenario of scenarios) {
  const query = { q: scenario.q, limit: 1, offset: 0 };
  const em = orm.em.fork();
  matches[scenario.name] = (
    scenario.list === 'contacts'
      ? await listContacts(em, workspace.id, query)
      : await listCompanies(em, workspace.id, query)
  ).total;
  await explain(scenario); // once to warm the cache, then the one reported
  plans[scenario.name] = await explain(scenario);
}
await explainDb.end();
await orm.close();

// 3. The servers, each in its own process.
const childEnv = {
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  REDIS_URL: redis.url,
  WORKSPACE_ID: workspace.id,
  REDIS_KEY_PREFIX: `comptoir-bench-search:${process.pid}`,
  PORT: '0',
};
const targetList: {
  name: string;
  script: string;
  prefix: string;
  headers: Record<string, string>;
  server?: ChildServer;
}[] = [
  { name: 'bare', script: 'serve-bare.ts', prefix: '', headers: {} },
  { name: 'REST', script: 'serve-api.ts', prefix: '/api/v1', headers: { authorization: `Bearer ${key}` } },
];
const pathOf = (scenario: Scenario) => `/${scenario.list}?limit=20&q=${encodeURIComponent(scenario.q)}`;

interface RunResult {
  round: number;
  scenario: string;
  target: string;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  cpuMsPerRequest: { server: number; postgres: number };
  loadAverage: number;
}
const results: RunResult[] = [];
const consistency: { scenario: string; identical: boolean; total: number }[] = [];
try {
  for (const target of targetList) {
    target.server = await startServer(target.name, join(benchDir, target.script), { env: childEnv });
  }
  // Both targets must answer the same body, or the comparison means nothing.
  for (const scenario of scenarios) {
    const bodies: { pagination: { total: number } }[] = [];
    for (const target of targetList) {
      const response = await fetch(
        `http://127.0.0.1:${target.server?.port}${target.prefix}${pathOf(scenario)}`,
        {
          headers: target.headers,
        },
      );
      if (response.status !== 200)
        throw new Error(`${target.name} ${scenario.name}: HTTP ${response.status}`);
      bodies.push((await response.json()) as { pagination: { total: number } });
    }
    const identical = bodies.every((body) => isDeepStrictEqual(body, bodies[0]));
    consistency.push({ scenario: scenario.name, identical, total: bodies[0]?.pagination.total ?? -1 });
    if (!identical) log(`WARNING: REST answers ${scenario.name} differently from bare`);
  }
  log(
    `load: ${connections} connections, ${warmupSeconds} s warm-up + ${durationSeconds} s measured per run, ${rounds} rounds of ${scenarios.length * targetList.length} runs`,
  );
  for (let round = 1; round <= rounds; round++)
    for (const scenario of scenarios) {
      for (const target of targetList) {
        const options = {
          url: `http://127.0.0.1:${target.server?.port}${target.prefix}${pathOf(scenario)}`,
          headers: target.headers,
          connections,
          timeout: 10,
        };
        await autocannon({ ...options, duration: warmupSeconds });
        const before = cpuSnapshot(target.server?.process.pid, databaseName);
        const run = await autocannon({ ...options, duration: durationSeconds });
        const used = cpuUsed(before, cpuSnapshot(target.server?.process.pid, databaseName));
        const perRequest = (ms: number) => Math.round((ms / Math.max(1, run.requests.total)) * 1000) / 1000;
        const result: RunResult = {
          round,
          scenario: scenario.name,
          target: target.name,
          requestsPerSecond: Math.round(run.requests.average),
          latencyMs: {
            p50: run.latency.p50,
            p90: run.latency.p90,
            p99: run.latency.p99,
            max: run.latency.max,
          },
          non2xx: run.non2xx,
          errors: run.errors,
          cpuMsPerRequest: { server: perRequest(used.server), postgres: perRequest(used.postgres) },
          loadAverage: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
        };
        results.push(result);
        log(
          `round ${round} ${scenario.name.padEnd(17)} ${target.name.padEnd(4)} ${String(result.requestsPerSecond).padStart(5)} req/s  ` +
            `p50 ${result.latencyMs.p50} ms  p99 ${result.latencyMs.p99} ms  CPU/req: server ${result.cpuMsPerRequest.server} ms, ` +
            `postgres ${result.cpuMsPerRequest.postgres} ms  (load ${result.loadAverage})`,
        );
      }
    }
} finally {
  for (const target of targetList) await target.server?.stop();
}
await redis.stop();
await postgres.stop();

// 4. Report: one row per scenario, REST against bare: per round the ratio to bare of the same
// round, then the medians over the rounds.
const rows = scenarios.flatMap((scenario) => {
  const runsOf = (target: string) =>
    results.filter((r) => r.scenario === scenario.name && r.target === target);
  const bareRuns = runsOf('bare');
  const restRuns = runsOf('REST');
  if (bareRuns.length === 0 || restRuns.length === 0) return [];
  const ratios = restRuns.map((rest) => {
    const bare = bareRuns.find((run) => run.round === rest.round);
    return bare && bare.requestsPerSecond > 0 ? rest.requestsPerSecond / bare.requestsPerSecond : 0;
  });
  const ratio = median(ratios);
  const summary = (runs: RunResult[]) => ({
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.latencyMs.p50)),
    p99: median(runs.map((run) => run.latencyMs.p99)),
    p99ByRound: runs.map((run) => run.latencyMs.p99),
    cpuMsPerRequest: {
      server: median(runs.map((run) => run.cpuMsPerRequest.server)),
      postgres: median(runs.map((run) => run.cpuMsPerRequest.postgres)),
    },
  });
  const bare = summary(bareRuns);
  const rest = summary(restRuns);
  const clean = restRuns.every((run) => run.non2xx === 0 && run.errors === 0);
  const sameBody = consistency.find((entry) => entry.scenario === scenario.name)?.identical === true;
  return [
    {
      scenario: scenario.name,
      q: scenario.q,
      what: scenario.what,
      matches: matches[scenario.name] ?? -1,
      databaseMs: (plans[scenario.name] ?? []).map((statement) => statement.executionMs),
      bare,
      rest,
      ratio: Math.round(ratio * 1000) / 1000,
      ratiosByRound: ratios.map((value) => Math.round(value * 1000) / 1000),
      p99Pass: clean && rest.p99 < targets.maxP99Ms,
      ratioPass: clean && sameBody && ratio >= targets.minThroughputRatio,
      runs: [...bareRuns, ...restRuns],
    },
  ];
});
const header = [
  'scenario',
  'q',
  'matches',
  'db ms',
  'bare req/s',
  'REST req/s',
  'bare p50/p99',
  'REST p50/p99',
  'REST p99 by round',
  'ratio',
  'ratio by round',
  `p99 < ${targets.maxP99Ms}`,
  `ratio ≥ ${targets.minThroughputRatio * 100} %`,
];
const lines = rows.map((row) => [
  row.scenario,
  row.q,
  String(row.matches),
  row.databaseMs.map((ms) => ms.toFixed(1)).join('+'),
  String(row.bare.requestsPerSecond),
  String(row.rest.requestsPerSecond),
  `${row.bare.p50}/${row.bare.p99}`,
  `${row.rest.p50}/${row.rest.p99}`,
  roundsText(row.rest.p99ByRound),
  `${(row.ratio * 100).toFixed(1)} %`,
  roundsText(row.ratiosByRound, (value) => `${(value * 100).toFixed(1)} %`),
  row.p99Pass ? 'PASS' : 'FAIL',
  row.ratioPass ? 'PASS' : 'FAIL',
]);
printTable(header, lines);
const passed = rows.filter((row) => row.p99Pass && row.ratioPass).length;
console.log(
  `${passed === rows.length ? 'PASS' : 'FAIL'}  search at ${contactCount} contacts / ${companyCount} companies: ` +
    `${passed} of ${rows.length} scenarios with REST p99 < ${targets.maxP99Ms} ms and >= ${targets.minThroughputRatio * 100} % of bare`,
);
for (const entry of consistency.filter((c) => !c.identical)) {
  console.log(`WARNING: REST and bare answer ${entry.scenario} differently`);
}

const path = writeResult('search.json', {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    node: process.version,
    postgres: serverVersion,
    loadAverageAtStart: startLoad,
  },
  config: {
    contacts: contactCount,
    companies: companyCount,
    otherWorkspaces: 3,
    connections,
    warmupSeconds,
    durationSeconds,
    targets,
  },
  consistency,
  plans,
  results: rows,
});
log(`results written to ${path}`);
