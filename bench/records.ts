/**
 * `pnpm bench`, second part: the business records (issue #3). Measures through the real API:
 * POST /invoices with 5 lines at 20 connections (every request takes the next invoice number,
 * so creations queue on the workspace's counter row), GET /quotes/{id} and GET /contacts?q=
 * at 50 connections. Targets: invoice creation p99 under 50 ms and at least 1,200/s (issue 16)
 * at 20 connections, with the numbers continuous.
 *
 * Settings: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 3), BENCH_ROUNDS (rounds of
 * every scenario, judged on the medians; default 3), BENCH_RECORDS_SCENARIOS
 * (ids to run: `invoices,quote,contacts`; default all), BENCH_RECORDS_DATABASE (database name,
 * default comptoir_bench_records), BENCH_API_NODE_FLAGS (node flags for the API).
 */
import { join } from 'node:path';
import {
  createCompany,
  createContact,
  createInvoice,
  createKey,
  createQuote,
  createWorkspace,
  scopes,
} from '@comptoir/core';
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

const databaseName = process.env.BENCH_RECORDS_DATABASE || 'comptoir_bench_records';
const selectedScenarios = process.env.BENCH_RECORDS_SCENARIOS?.split(',').map((id) => id.trim());
const apiNodeFlags = process.env.BENCH_API_NODE_FLAGS?.split(' ').filter((flag) => flag !== '') ?? [];
const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const warmupSeconds = Number(process.env.BENCH_WARMUP ?? 3);
const rounds = benchRounds();
const log = (message: string) => console.log(`[bench records] ${message}`);
const seededInvoices = 1000;

const { postgres, redis, databaseUrl, orm } = await benchServices(databaseName, log);

// A workspace with 2,000 companies, 10,000 contacts, one quote and 1,000 invoices of 5 lines.
const workspace = await createWorkspace(orm.em.fork(), { name: 'Bench records' });
const { key } = await createKey(orm.em.fork(), {
  workspaceId: workspace.id,
  scopes: [...scopes],
  rateLimitPerMinute: 1_000_000_000,
});
const next = random(42);
const cities = ['Sète', 'Annecy', 'Brest', 'Colmar', 'Nîmes', 'Rouen', 'Pau', 'Évry', 'Agen', 'Laval'];
const trades = ['Boulangerie', 'Société', 'Café', 'Épicerie', 'Garage', 'Librairie', 'Brasserie', 'Atelier'];
const companyIds: string[] = [];
for (let i = 0; i < 2000; i++) {
  const name = `${trades[i % trades.length]} ${cities[Math.floor(next() * cities.length)]} ${i}`;
  companyIds.push((await createCompany(orm.em.fork(), workspace.id, { name })).id);
}
for (let i = 0; i < 10_000; i++) {
  await createContact(orm.em.fork(), workspace.id, {
    name: `Contact ${i} ${cities[i % cities.length]}`,
    email: `contact${i}@bench.test`,
    companyId: companyIds[i % companyIds.length] as string,
  });
}
const fiveLines = Array.from({ length: 5 }, (_, i) => ({
  title: `Prestation ${i + 1}`,
  quantity: 1 + i,
  unitPrice: (1990 * (i + 1)) / 100,
  taxRate: i % 2 === 0 ? 20 : 5.5,
}));
const quote = await createQuote(orm.em.fork(), workspace.id, {
  clientName: 'Mairie de Sète',
  clientEmail: 'achats@sete.test',
  lines: fiveLines,
});
// A business with a history: the statistics then describe tables with rows. Analyzed empty,
// the invoices table would be planned as empty by the lines' foreign-key checks until
// autovacuum analyzes it again (a minute later; the benchmark is over by then).
for (let i = 0; i < seededInvoices; i++) {
  await createInvoice(orm.em.fork(), workspace.id, {
    clientName: `Client ${i}`,
    clientEmail: `client${i}@bench.test`,
    lines: fiveLines,
  });
}
await orm.close();
await vacuumAnalyze(databaseUrl);
log(`seeded 2,000 companies, 10,000 contacts, ${seededInvoices} invoices and a 5-line quote`);

const api = await startServer('REST', join(benchDir, 'serve-api.ts'), {
  env: { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, REDIS_KEY_PREFIX: `${databaseName}:rl` },
  nodeFlags: apiNodeFlags,
});
const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
interface Scenario {
  id: string;
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  connections: number;
  p99TargetMs?: number;
  minRequestsPerSecond?: number;
}
const allScenarios: Scenario[] = [
  {
    id: 'invoices',
    name: 'POST /invoices (5 lines)',
    method: 'POST' as const,
    path: '/api/v1/invoices',
    body: JSON.stringify({ clientName: 'Café du Port', clientEmail: 'compta@port.test', lines: fiveLines }),
    connections: 20,
    p99TargetMs: 50,
    minRequestsPerSecond: 1200,
  },
  {
    id: 'quote',
    name: 'GET /quotes/{id}',
    method: 'GET',
    path: `/api/v1/quotes/${quote.id}`,
    connections: 50,
  },
  {
    id: 'contacts',
    name: 'GET /contacts?q=',
    method: 'GET',
    path: '/api/v1/contacts?q=s%C3%A8te',
    connections: 50,
  },
];
const scenarios = allScenarios.filter(
  (scenario) => !selectedScenarios || selectedScenarios.includes(scenario.id),
);

async function measure(scenario: Scenario, round: number): Promise<LoadRun> {
  const options = {
    url: `http://127.0.0.1:${api.port}${scenario.path}`,
    method: scenario.method,
    headers,
    connections: scenario.connections,
    timeout: 10,
    ...(scenario.body ? { body: scenario.body } : {}),
  };
  await autocannon({ ...options, duration: warmupSeconds });
  const cpuBefore = cpuSnapshot(api.process.pid, databaseName);
  const result = await autocannon({ ...options, duration: durationSeconds });
  const cpu = cpuUsed(cpuBefore, cpuSnapshot(api.process.pid, databaseName));
  const perRequest = (ms: number) => Math.round((ms / result.requests.total) * 1000) / 1000;
  const run = {
    round,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    cpuMsPerRequest: { api: perRequest(cpu.server), postgres: perRequest(cpu.postgres) },
  };
  log(
    `round ${round} ${scenario.name.padEnd(26)} ${String(run.requestsPerSecond).padStart(6)} req/s  p50 ${run.p50} ms  p99 ${run.p99} ms  CPU ms/req API ${run.cpuMsPerRequest.api} PostgreSQL ${run.cpuMsPerRequest.postgres}  (${scenario.connections} connections, non-2xx ${run.non2xx})`,
  );
  return run;
}

// Targets judged on the medians of the rounds.
const results = (await measureInRounds(scenarios, measure)).map(
  ({ scenario, runs: measured, median: of, clean }) => {
    const requestsPerSecond = of((run) => run.requestsPerSecond);
    const p99 = of((run) => run.p99);
    const targets: { target: string; pass: boolean }[] = [];
    if (scenario.p99TargetMs !== undefined)
      targets.push({ target: `p99 < ${scenario.p99TargetMs} ms`, pass: p99 < scenario.p99TargetMs });
    if (scenario.minRequestsPerSecond !== undefined)
      targets.push({
        target: `≥ ${scenario.minRequestsPerSecond} req/s`,
        pass: requestsPerSecond >= scenario.minRequestsPerSecond && clean,
      });
    return {
      scenario: scenario.name,
      connections: scenario.connections,
      rounds: measured.length,
      requestsPerSecond,
      requestsPerSecondByRound: measured.map((run) => run.requestsPerSecond),
      p50: of((run) => run.p50),
      p99,
      p99ByRound: measured.map((run) => run.p99),
      non2xx: measured.reduce((sum, run) => sum + run.non2xx, 0),
      errors: measured.reduce((sum, run) => sum + run.errors, 0),
      cpuMsPerRequest: {
        api: of((run) => run.cpuMsPerRequest.api),
        postgres: of((run) => run.cpuMsPerRequest.postgres),
      },
      targets,
      runs: measured,
    };
  },
);
await api.stop();

const check = new pg.Client({ connectionString: databaseUrl });
await check.connect();
const numbering = (
  await check.query<{ count: string; max: string }>(
    `select count(*) as count, max(split_part(number, '-', 3)::int) as max from invoices where workspace_id = $1`,
    [workspace.id],
  )
).rows[0];
await check.end();
const continuous = Number(numbering?.count) === Number(numbering?.max);
log(
  `invoices created: ${numbering?.count}, highest number ${numbering?.max} (${continuous ? 'PASS' : 'FAIL'} continuous numbering)`,
);

console.log(
  `\n| scenario (median of ${rounds} rounds) | connections | req/s | req/s by round | p50 ms | p99 ms | p99 by round | CPU ms/req API | CPU ms/req PostgreSQL | targets |`,
);
console.log('|:--|--:|--:|--:|--:|--:|--:|--:|--:|:--|');
for (const row of results) {
  const targets = row.targets.map(({ target, pass }) => `${pass ? 'PASS' : 'FAIL'} ${target}`).join(', ');
  console.log(
    `| ${row.scenario} | ${row.connections} | ${row.requestsPerSecond} | ${roundsText(row.requestsPerSecondByRound)} | ${row.p50} | ${row.p99} | ${roundsText(row.p99ByRound)} | ${row.cpuMsPerRequest.api} | ${row.cpuMsPerRequest.postgres} | ${targets} |`,
  );
}
writeResult('records.json', { date: new Date().toISOString(), results, numbering });
await redis.stop();
await postgres.stop();
