/**
 * The sections of a sample (the apps, this process, PostgreSQL, Redis, the machine, sequential
 * scans), put together from what was read at one instant and the span since the previous sample.
 */
import os from 'node:os';
import type { ELDHistogram } from 'node:perf_hooks';
import { type CpuSnapshot, type CpuUsage, cpuUsed, processRssBytes } from '../lib.ts';
import type { AppProcess } from './app-processes.ts';
import type { Receiver } from './receiver.ts';
import type { ProcessSample, Sample } from './samples.ts';
import { mb, round } from './stats.ts';

/** What is scraped and queried at a sample. */
export interface Scraped {
  apiMetrics: Map<string, number>;
  workerMetrics: Map<string, number>;
  connectionsByState: Map<string, number>;
  redisUsedMemory: number;
  keysInDb: number;
  /** Rows read by sequential scans so far, by table. */
  seqRows: Map<string, number>;
}

/** The cumulative counters at a sample, kept to compute the next one's rates. */
export interface Counters {
  at: number;
  cpu: CpuSnapshot;
  workerCpuMs: number;
  receiverCpuMs: number;
  machineCpuMs: number;
  seqRows: Map<string, number>;
  answered: number;
  delivered: number;
}

/** CPU shares and rates between two samples (all 0 at the first). */
export interface Span {
  percent(ms: number): number;
  perSecond(count: number): number;
  used: CpuUsage;
  workerMs: number;
  receiverMs: number;
  machineMs: number;
}

export function spanBetween(now: Counters, previous: Counters | undefined): Span {
  return {
    percent: (ms) => (previous ? round((ms / (now.at - previous.at)) * 100) : 0),
    perSecond: (count) => (previous ? round((count * 1000) / (now.at - previous.at)) : 0),
    used: previous ? cpuUsed(previous.cpu, now.cpu) : { server: 0, postgres: 0, redis: 0, loadGenerator: 0 },
    workerMs: previous ? now.workerCpuMs - previous.workerCpuMs : 0,
    receiverMs: previous ? now.receiverCpuMs - previous.receiverCpuMs : 0,
    machineMs: previous ? now.machineCpuMs - previous.machineCpuMs : 0,
  };
}

/** The API, the worker and the receiver. */
export function appSamples(
  apps: { api: AppProcess; worker: AppProcess; receiver: Receiver },
  scraped: Scraped,
  span: Span,
): Pick<Sample, 'api' | 'worker' | 'receiver'> {
  const { api, worker, receiver } = apps;
  const workerMetrics = scraped.workerMetrics;
  return {
    api: processSample(api.process.pid as number, scraped.apiMetrics, span.percent(span.used.server)),
    worker: {
      ...processSample(worker.process.pid as number, workerMetrics, span.percent(span.workerMs)),
      outboxUnpublished: workerMetrics.get('outbox_unpublished_events') ?? Number.NaN,
      deliveriesDue: workerMetrics.get('webhook_deliveries_pending{state="due"}') ?? Number.NaN,
      queueWaiting: workerMetrics.get('webhook_queue_jobs{state="waiting"}') ?? Number.NaN,
    },
    receiver: {
      rssMb: receiver.pid === undefined ? Number.NaN : mb(processRssBytes(receiver.pid)),
      cpuPercent: span.percent(span.receiverMs),
    },
  };
}

/** RSS of `pid`, and heap and event-loop delay from its prom-client default metrics. */
function processSample(pid: number, metrics: Map<string, number>, cpuPercent: number): ProcessSample {
  const milliseconds = (name: string) => round((metrics.get(name) ?? Number.NaN) * 1000, 2);
  return {
    rssMb: mb(processRssBytes(pid)),
    heapUsedMb: mb(metrics.get('nodejs_heap_size_used_bytes') ?? Number.NaN),
    heapTotalMb: mb(metrics.get('nodejs_heap_size_total_bytes') ?? Number.NaN),
    externalMb: mb(metrics.get('nodejs_external_memory_bytes') ?? Number.NaN),
    loopDelayP50Ms: milliseconds('nodejs_eventloop_lag_p50_seconds'),
    loopDelayP99Ms: milliseconds('nodejs_eventloop_lag_p99_seconds'),
    loopDelayMaxMs: milliseconds('nodejs_eventloop_lag_max_seconds'),
    cpuPercent,
  };
}

/** This process (the load generator), PostgreSQL, Redis and the machine. */
export function serviceSamples(
  scraped: Scraped,
  span: Span,
  generatorLoop: ELDHistogram,
): Pick<Sample, 'generator' | 'postgres' | 'redis' | 'machine'> {
  const { used } = span;
  const byState = scraped.connectionsByState;
  return {
    generator: {
      rssMb: mb(process.memoryUsage.rss()),
      heapUsedMb: mb(process.memoryUsage().heapUsed),
      loopDelayP99Ms: round(generatorLoop.percentile(99) / 1e6, 2),
      cpuPercent: span.percent(used.loadGenerator),
    },
    postgres: {
      connections: [...byState.values()].reduce((sum, n) => sum + n, 0),
      active: byState.get('active') ?? 0,
      idle: byState.get('idle') ?? 0,
      idleInTransaction: byState.get('idle in transaction') ?? 0,
      cpuPercent: span.percent(used.postgres),
    },
    redis: {
      usedMemoryMb: mb(scraped.redisUsedMemory),
      keysInDb: scraped.keysInDb,
      cpuPercent: span.percent(used.redis),
    },
    machine: {
      cpuPercent: span.percent(span.machineMs),
      othersCpuPercent: span.percent(
        span.machineMs -
          used.server -
          span.workerMs -
          used.postgres -
          used.redis -
          span.receiverMs -
          used.loadGenerator,
      ),
      loadAverage1m: round(os.loadavg()[0] ?? Number.NaN, 2),
    },
  };
}

/** Rows read by sequential scans per second since the previous sample (tables at 1,000/s and up). */
export function seqScanRates(
  now: Counters,
  previous: Counters | undefined,
  span: Span,
): Record<string, number> {
  return Object.fromEntries(
    [...now.seqRows]
      .map(([table, rows]) => [table, span.perSecond(rows - (previous?.seqRows.get(table) ?? rows))] as const)
      .filter(([, rate]) => rate >= 1000)
      .sort((a, b) => b[1] - a[1]),
  );
}
