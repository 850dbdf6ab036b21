/**
 * The figures of the run: per-minute rows (latency, statuses, send lag, webhook latency, what
 * else the machine ran), memory slopes after the warm-up (least squares over the samples), the
 * live heap left by each full collection (its slope over the last 40 minutes), 5xx and transport errors, and the p99 ratio of the last
 * minute to the second.
 */
import type { AppProcess } from './app-processes.ts';
import type { EventsCheck } from './events-check.ts';
import type { TrafficRecorder } from './recorder.ts';
import type { Sample } from './samples.ts';
import { durationMs, liveHeapWindowSeconds, warmupSeconds } from './settings.ts';
import { type Distribution, distribution, type Fit, leastSquares, mean, round } from './stats.ts';

export interface MinuteRow {
  minute: number;
  all: Distribution;
  fiveXx: number;
  transportErrors: number;
  statuses: Record<string, number>;
  sendLagMs: Distribution;
  byKind: Record<string, Distribution>;
  webhookEventToDeliveryMs: Distribution;
  /** Mean of the samples taken during this minute: what else the machine ran meanwhile. */
  othersCpuPercent: number;
}

/** The live heap: the fit over the judged window (liveHeapWindowSeconds), and over the run after its warm-up. */
export interface LiveHeap extends Fit {
  /** Full collections in the judged window. */
  fullCollections: number;
  /** The judged window, seconds since the traffic started. */
  windowSeconds: { from: number; to: number };
  /** The fit over every full collection after the warm-up. */
  afterWarmup: Fit & { fullCollections: number };
  /** The first and last live heap after the warm-up. */
  firstMb: number | undefined;
  lastMb: number | undefined;
  /** The first and last live heap in the judged window. */
  windowFirstMb: number | undefined;
  windowLastMb: number | undefined;
  /** [seconds since the traffic started, MB left] of each full collection after the warm-up. */
  afterMb: number[][];
}

export type Slopes = ReturnType<typeof memorySlopes>;

export function minuteRows(
  recorder: TrafficRecorder,
  kinds: string[],
  events: EventsCheck,
  samples: Sample[],
): MinuteRow[] {
  return recorder.perMinute.map((stats, index) => ({
    minute: index + 1,
    all: distribution(stats.latencies.get('all') ?? []),
    fiveXx: stats.fiveXx,
    transportErrors: stats.transportErrors,
    statuses: Object.fromEntries(stats.statuses),
    sendLagMs: distribution(stats.sendLagMs),
    byKind: Object.fromEntries(kinds.map((kind) => [kind, distribution(stats.latencies.get(kind) ?? [])])),
    webhookEventToDeliveryMs: distribution(events.latencyPerMinuteMs[index] ?? []),
    othersCpuPercent: round(
      mean(
        samples
          .filter((s) => s.t > index * 60 && s.t <= (index + 1) * 60)
          .map((s) => s.machine.othersCpuPercent),
      ),
    ),
  }));
}

/** MB/min by least squares over the samples from the end of the warm-up on. */
export function memorySlopes(samples: Sample[]) {
  const afterWarmup = samples.filter((s) => s.t >= warmupSeconds);
  const slopeOf = (pickValue: (s: Sample) => number | undefined): Fit => {
    const points = afterWarmup
      .map((s) => [s.t / 60, pickValue(s)] as const)
      .filter((point): point is readonly [number, number] => Number.isFinite(point[1]));
    const fit = leastSquares(points);
    return { slope: round(fit.slope, 2), standardError: round(fit.standardError, 2) };
  };
  return {
    warmupSeconds,
    samplesUsed: afterWarmup.length,
    api: { rss: slopeOf((s) => s.api.rssMb), heapUsed: slopeOf((s) => s.api.heapUsedMb) },
    worker: { rss: slopeOf((s) => s.worker.rssMb), heapUsed: slopeOf((s) => s.worker.heapUsedMb) },
    receiver: { rss: slopeOf((s) => s.receiver.rssMb) },
    generator: { rss: slopeOf((s) => s.generator.rssMb) },
    redisUsedMemory: slopeOf((s) => s.redis.usedMemoryMb),
    postgresConnections: slopeOf((s) => s.postgres.connections),
  };
}

/**
 * The live heap: what each full collection left, from the end of the warm-up to the traffic's
 * end; its slope is judged over liveHeapWindowSeconds (the last 40 minutes).
 */
export function liveHeap(app: AppProcess, trafficStart: number): LiveHeap {
  const points = app.majorGcs
    .map((gc) => [(gc.at - trafficStart) / 60_000, gc.afterMb] as const)
    .filter(([minute]) => minute * 60 >= warmupSeconds && minute * 60 <= durationMs / 1000);
  const windowPoints = points.filter(
    ([minute]) => minute * 60 >= liveHeapWindowSeconds.from && minute * 60 <= liveHeapWindowSeconds.to,
  );
  const fit = leastSquares(windowPoints);
  const all = leastSquares(points);
  return {
    fullCollections: windowPoints.length,
    slope: round(fit.slope, 3),
    standardError: round(fit.standardError, 3),
    windowSeconds: liveHeapWindowSeconds,
    afterWarmup: {
      fullCollections: points.length,
      slope: round(all.slope, 3),
      standardError: round(all.standardError, 3),
    },
    firstMb: points[0]?.[1],
    lastMb: points.at(-1)?.[1],
    windowFirstMb: windowPoints[0]?.[1],
    windowLastMb: windowPoints.at(-1)?.[1],
    afterMb: points.map(([minute, after]) => [round(minute * 60, 0), after]),
  };
}

export interface Failures {
  fiveXx: number;
  transportErrors: number;
}

export function failures(recorder: TrafficRecorder): Failures {
  return {
    fiveXx: recorder.perMinute.reduce((sum, stats) => sum + stats.fiveXx, 0),
    transportErrors: recorder.perMinute.reduce((sum, stats) => sum + stats.transportErrors, 0),
  };
}

export interface P99Trend {
  second: MinuteRow | undefined;
  last: MinuteRow | undefined;
  /** Last minute's p99 over the second's; undefined under 3 minutes. */
  ratio: number | undefined;
}

export function p99Trend(rows: MinuteRow[]): P99Trend {
  const second = rows[1];
  const last = rows.at(-1);
  const ratio = second && last && rows.length >= 3 ? round(last.all.p99 / second.all.p99, 2) : undefined;
  return { second, last, ratio };
}
