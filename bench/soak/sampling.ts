/**
 * The samples, every 10 s: RSS (/proc/<pid>/status) of the API, the worker, the receiver and
 * this process; heap and event-loop delay of the API and the worker (prom-client's default
 * metrics on their /metrics); PostgreSQL connections to the database (pg_stat_activity) and
 * sequential scans; Redis used_memory; CPU of each process and of the machine (/proc).
 * Rates and CPU shares are over the time since the previous sample.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type pg from 'pg';
import { cpuSnapshot, processCpuMs } from '../lib.ts';
import type { AppProcess } from './app-processes.ts';
import { machineCpuMs, scrapeMetrics } from './probes.ts';
import type { Receiver } from './receiver.ts';
import type { TrafficRecorder } from './recorder.ts';
import {
  appSamples,
  type Counters,
  type Scraped,
  seqScanRates,
  serviceSamples,
  spanBetween,
} from './sample-sections.ts';
import { logSample, type Sample } from './samples.ts';
import { databaseName, durationMs, sampleEverySeconds } from './settings.ts';

export interface SampledParts {
  api: AppProcess;
  worker: AppProcess;
  receiver: Receiver;
  db: pg.Client;
  redisUrl: string;
  recorder: TrafficRecorder;
}

export interface Sampler {
  /** A sample at `t` seconds since the traffic started. */
  take(t: number): Promise<Sample>;
  close(): void;
}

export function createSampler(parts: SampledParts): Sampler {
  const redis = new Redis(parts.redisUrl, { maxRetriesPerRequest: 1 });
  const generatorLoop = monitorEventLoopDelay({ resolution: 10 });
  generatorLoop.enable();
  let previous: Counters | undefined;
  return {
    async take(t) {
      const scraped = await scrape(parts, redis);
      const counters = readCounters(parts, scraped.seqRows);
      const span = spanBetween(counters, previous);
      const sample: Sample = {
        t,
        ...appSamples(parts, scraped, span),
        ...serviceSamples(scraped, span, generatorLoop),
        seqScanRowsPerSecond: seqScanRates(counters, previous, span),
        requestsPerSecond: span.perSecond(counters.answered - (previous?.answered ?? 0)),
        deliveriesPerSecond: span.perSecond(counters.delivered - (previous?.delivered ?? 0)),
        inFlight: parts.recorder.inFlight,
      };
      generatorLoop.reset();
      previous = counters;
      return sample;
    },
    close() {
      redis.disconnect();
      generatorLoop.disable();
    },
  };
}

/** A sample every sampleEverySeconds of the traffic, logged; the receiver's arrivals collected after each. */
export async function sampleDuringTraffic(
  sampler: Sampler,
  trafficStart: number,
  receiver: Receiver,
  samples: Sample[],
): Promise<void> {
  for (let k = 1; k * sampleEverySeconds * 1000 <= durationMs; k++) {
    const due = trafficStart + k * sampleEverySeconds * 1000;
    await sleep(Math.max(0, due - performance.now()));
    const sample = await sampler.take(k * sampleEverySeconds);
    samples.push(sample);
    logSample(sample);
    await receiver.collect();
  }
}

async function scrape(parts: SampledParts, redis: Redis): Promise<Scraped> {
  const [apiMetrics, workerMetrics, connections, redisInfo, keysInDb, tables] = await Promise.all([
    scrapeMetrics(`http://127.0.0.1:${parts.api.port}/metrics`),
    scrapeMetrics(`http://127.0.0.1:${parts.worker.port}/metrics`),
    parts.db.query<{ state: string | null; n: string }>(
      `select state, count(*) as n from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() group by state`,
      [databaseName],
    ),
    redis.info('memory'),
    redis.dbsize(),
    parts.db.query<{ relname: string; seq_tup_read: string }>(
      'select relname, seq_tup_read from pg_stat_user_tables',
    ),
  ]);
  return {
    apiMetrics,
    workerMetrics,
    connectionsByState: new Map(connections.rows.map((row) => [row.state ?? 'null', Number(row.n)])),
    redisUsedMemory: Number(/^used_memory:(\d+)/m.exec(redisInfo)?.[1] ?? Number.NaN),
    keysInDb,
    seqRows: new Map(tables.rows.map((row) => [row.relname, Number(row.seq_tup_read)])),
  };
}

function readCounters(parts: SampledParts, seqRows: Map<string, number>): Counters {
  const machine = machineCpuMs();
  const at = performance.now();
  const cpu = cpuSnapshot(parts.api.process.pid as number, databaseName);
  const workerCpuMs = processCpuMs(parts.worker.process.pid as number);
  const receiverCpuMs = parts.receiver.pid === undefined ? 0 : processCpuMs(parts.receiver.pid);
  const delivered = parts.receiver.received();
  const answered = parts.recorder.answered;
  return { at, cpu, workerCpuMs, receiverCpuMs, machineCpuMs: machine, seqRows, answered, delivered };
}
