/**
 * The API's memory and CPU per request under the product bench's load (50 connections), for
 * several start-up settings measured interleaved in one run (issue 16, target 7; docs/benchmarks.md,
 * "API memory"). Seeds `comptoir_bench_hm`-like data once (100,000 products) into its own database
 * and keeps it for the next runs (PROBE_RESEED=1 seeds again). Each server gets
 * api-memory-sampler.ts preloaded (PROBE_SAMPLER=0: not), whose samples give the GC counts
 * per run and the heap spaces (bench/results/api-memory-<pid>.jsonl).
 *
 *   PROBE_CONFIGS='[{"name":"v8","flags":["--max-semi-space-size=64","--max-old-space-size=4096"]},
 *                   {"name":"api"}]' PROBE_ROUNDS=2 PROBE_SCENARIOS=list,get node bench/api-memory.ts
 *
 * Each config is {name, flags?: node flags, env?: environment, script?: server script}.
 *
 * PROBE_PROMOTION=1 runs each server with `--trace-gc-nvp` and adds, per run, the bytes the
 * scavenges promoted to the old generation per request: steadier between identical runs than
 * throughput on a shared machine ("API memory, part 7" in docs/benchmarks.md).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCompany, createKey, createWorkspace, importProducts } from '@comptoir/core';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSnapshot, cpuUsed, numberSetting, resultsDir, startServer, writeResult } from './lib.ts';
import { catalogue, supplierNames } from './seed.ts';
import { benchServices } from './services.ts';

const databaseName = 'comptoir_api_memory';
const state = join(resultsDir, 'api-memory-state.json');
const samples = join(resultsDir, 'api-memory');
const sampler = fileURLToPath(new URL('./api-memory-sampler.ts', import.meta.url));
const log = (message: string) => console.log(`[probe] ${message}`);
mkdirSync(resultsDir, { recursive: true });

interface Config {
  name: string;
  flags?: string[];
  env?: Record<string, string>;
  script?: string;
}
const configs = JSON.parse(process.env.PROBE_CONFIGS ?? '[{"name":"default"}]') as Config[];
const rounds = numberSetting('PROBE_ROUNDS', 1);
const duration = numberSetting('PROBE_DURATION', 10);
const warmup = numberSetting('PROBE_WARMUP', 3);
const scenarioNames = (process.env.PROBE_SCENARIOS ?? 'list,get').split(',');
const tracePromotion = process.env.PROBE_PROMOTION === '1';

/** What the scavenges of a measured window promoted (from `--trace-gc-nvp` lines). */
const promotion = { measuring: false, scavenges: 0, bytes: 0 };
function notePromotion(line: string): boolean {
  if (!line.includes(' gc=')) return false;
  if (promotion.measuring && / gc=s /.test(line)) {
    promotion.scavenges += 1;
    promotion.bytes += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
  }
  return true;
}

let seeded: { databaseUrl: string; redisUrl: string; key: string; productId: string };
if (process.env.PROBE_RESEED === '1' || !existsJson(state)) {
  const { databaseUrl, redis, orm } = await benchServices(databaseName, log);
  const workspace = await createWorkspace(orm.em.fork(), { name: 'Épicerie du Banc d’Essai' });
  const supplierIds: string[] = [];
  for (const name of supplierNames) {
    supplierIds.push((await createCompany(orm.em.fork(), workspace.id, { name }, { isSupplier: true })).id);
  }
  for (let start = 0; start < 100_000; start += 10_000) {
    await importProducts(orm.em.fork(), workspace.id, catalogue(start, 10_000, supplierIds));
  }
  const { key } = await createKey(orm.em.fork(), {
    workspaceId: workspace.id,
    name: 'bench',
    scopes: ['read:products'],
    rateLimitPerMinute: 1_000_000_000,
  });
  await orm.close();
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query('alter table products alter column search_text set statistics 1000');
  await db.query('vacuum analyze');
  const productId = (
    await db.query<{ id: string }>('select id from products order by reference offset 50000 limit 1')
  ).rows[0]?.id as string;
  await db.end();
  seeded = { databaseUrl, redisUrl: redis.url, key, productId };
  writeFileSync(state, JSON.stringify(seeded));
} else {
  seeded = JSON.parse(readFileSync(state, 'utf8'));
}

function existsJson(path: string): boolean {
  try {
    JSON.parse(readFileSync(path, 'utf8'));
    return true;
  } catch {
    return false;
  }
}

const scenarios = [
  { name: 'list', path: '/api/v1/products?limit=20' },
  { name: 'get', path: `/api/v1/products/${seeded.productId}` },
  { name: 'search', path: `/api/v1/products?limit=20&q=${encodeURIComponent('chevre fermier')}` },
].filter((scenario) => scenarioNames.includes(scenario.name));

function status(pid: number): { rss: number; anon: number; file: number } {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const mb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) / 1024;
  return { rss: mb('VmRSS'), anon: mb('RssAnon'), file: mb('RssFile') };
}

/** The sampler's last sample: cumulative GC counts and pause times, heap spaces. */
function lastSample(pid: number): {
  gcs?: Record<string, [number, number]>;
  spaces?: Record<string, [number, number]>;
} {
  try {
    const lines = readFileSync(`${samples}-${pid}.jsonl`, 'utf8').trim().split('\n');
    return JSON.parse(lines.at(-1) as string);
  } catch {
    return {};
  }
}

const rows: Record<string, unknown>[] = [];
for (let round = 1; round <= rounds; round++) {
  for (const config of configs) {
    const server = await startServer(config.name, config.script ?? 'serve-api.ts', {
      env: {
        NODE_ENV: 'production',
        DATABASE_URL: seeded.databaseUrl,
        REDIS_URL: seeded.redisUrl,
        REDIS_KEY_PREFIX: `hm-probe:${process.pid}`,
        PORT: '0',
        ...(process.env.PROBE_SAMPLER === '0'
          ? {}
          : { NODE_OPTIONS: `--import=${sampler}`, API_MEMORY_SAMPLES: samples }),
        ...config.env,
      },
      nodeFlags: [...(tracePromotion ? ['--trace-gc-nvp'] : []), ...(config.flags ?? [])],
      cwd: new URL('./', import.meta.url).pathname,
      onStdoutLine: notePromotion,
    });
    const pid = server.process.pid as number;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = status(pid);
    for (const scenario of scenarios) {
      const url = `http://127.0.0.1:${server.port}${scenario.path}`;
      const headers = { authorization: `Bearer ${seeded.key}` };
      await autocannon({ url, connections: 50, duration: warmup, headers });
      const gcBefore = lastSample(pid).gcs;
      const before = cpuSnapshot(pid, databaseName);
      let peak = { rss: 0, anon: 0, file: 0 };
      const sampler = setInterval(() => {
        const now = status(pid);
        if (now.rss > peak.rss) peak = now;
      }, 250);
      Object.assign(promotion, { measuring: true, scavenges: 0, bytes: 0 });
      const result = await autocannon({ url, connections: 50, duration, headers });
      promotion.measuring = false;
      clearInterval(sampler);
      const used = cpuUsed(before, cpuSnapshot(pid, databaseName));
      await new Promise((resolve) => setTimeout(resolve, 600));
      const { gcs: gcAfter, spaces } = lastSample(pid);
      const gc = (kind: string) =>
        gcBefore && gcAfter
          ? `${(gcAfter[kind]?.[0] ?? 0) - (gcBefore[kind]?.[0] ?? 0)}/${(gcAfter[kind]?.[1] ?? 0) - (gcBefore[kind]?.[1] ?? 0)}ms`
          : '';
      const row = {
        round,
        config: config.name,
        scenario: scenario.name,
        rps: Math.round(result.requests.average),
        p99: result.latency.p99,
        nodeMsPerReq: Math.round((used.server / result.requests.total) * 1000) / 1000,
        pgMsPerReq: Math.round((used.postgres / result.requests.total) * 1000) / 1000,
        idleRss: Math.round(idle.rss),
        peakRss: Math.round(peak.rss),
        peakAnon: Math.round(peak.anon),
        peakFile: Math.round(peak.file),
        ...(tracePromotion
          ? {
              promotedKbPerReq: Math.round((promotion.bytes / 1024 / result.requests.total) * 10) / 10,
              scavenges: promotion.scavenges,
            }
          : {}),
        // The young generation's size (both semi-spaces, MB) as the run ended: V8 grows it from
        // its minimum only as scavenges see bytes survive, so two processes may differ.
        newSpaceMb: spaces?.new?.[0],
        minorGc: gc('minor'),
        majorGc: gc('major'),
        errors: result.errors + result.non2xx,
        load: Math.round((os.loadavg()[0] ?? 0) * 100) / 100,
        pid,
      };
      rows.push(row);
      console.log(JSON.stringify(row));
    }
    await server.stop();
  }
}
console.table(rows.map(({ pid: _pid, ...row }) => row));
log(`written to ${writeResult(`api-memory-${Date.now()}.json`, rows)}`);
