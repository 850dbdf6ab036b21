/**
 * The soak's settings (environment variables, read once) and its fixed parameters.
 * SOAK_MINUTES (default 10), SOAK_RATE (requests/s, default 100), SOAK_DRAIN_SECONDS (bound of
 * the final wait for webhook deliveries, default 180), SOAK_REDIS_DB (default 13),
 * SOAK_AUTOVACUUM (auto, emulate or off; default auto), SOAK_HEAP_SNAPSHOTS (none by default).
 */

function positiveSetting(name: string, fallback: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export const minutes = positiveSetting('SOAK_MINUTES', 10);
export const requestsPerSecond = positiveSetting('SOAK_RATE', 100);
export const drainSeconds = positiveSetting('SOAK_DRAIN_SECONDS', 180);
/** The Redis database of the API's rate limits and the worker's queue. */
export const redisDb = positiveSetting('SOAK_REDIS_DB', 13);
/**
 * SOAK_HEAP_SNAPSHOTS (e.g. `3,13,23`): minutes of traffic at which the API writes a V8 heap
 * snapshot (heap-snapshots.ts); none by default.
 */
export const heapSnapshotMinutes = readHeapSnapshotMinutes();

function readHeapSnapshotMinutes(): number[] {
  const text = process.env.SOAK_HEAP_SNAPSHOTS ?? '';
  if (text.trim() === '') return [];
  const list = text.split(',').map((part) => Number(part.trim()));
  if (list.some((minute) => !Number.isFinite(minute) || minute < 0 || minute >= minutes))
    throw new Error('SOAK_HEAP_SNAPSHOTS must list minutes of traffic under SOAK_MINUTES, e.g. 3,13,23');
  return list.sort((a, b) => a - b);
}

export type AutovacuumMode = 'auto' | 'emulate' | 'off';
/** auto: emulate autovacuum when the server runs without it; emulate; off. */
export const autovacuumMode = readAutovacuumMode();

function readAutovacuumMode(): AutovacuumMode {
  const mode = process.env.SOAK_AUTOVACUUM || 'auto';
  if (mode !== 'auto' && mode !== 'emulate' && mode !== 'off')
    throw new Error('SOAK_AUTOVACUUM must be auto, emulate or off');
  return mode;
}

export const sampleEverySeconds = 10;
export const durationMs = minutes * 60_000;
/** Minutes of the per-minute tables (a last partial minute counts as one). */
export const minuteCount = Math.ceil(minutes);
/** Samples before this are the warm-up: 2 minutes, or the first half of a run under 3 minutes. */
export const warmupSeconds = minutes >= 3 ? 120 : (minutes * 60) / 2;
export const requestTimeoutMs = 30_000;
/**
 * The live heap after full collections is judged over the last 40 minutes of traffic (issue 32:
 * a leak of 0.2 MB/min fills the API's 256 MB old generation within a day, and only a long
 * window tells it from the code and feedback V8 keeps adding for a while); a shorter run is
 * judged from the end of its warm-up, and the check says which window it used.
 */
export const liveHeapWindowMinutes = 40;
export const liveHeapWindowSeconds = {
  from: Math.max(warmupSeconds, minutes * 60 - liveHeapWindowMinutes * 60),
  to: minutes * 60,
};
export const targets = {
  maxSlopeMbPerMinute: 1,
  maxLiveHeapSlopeMbPerMinute: 0.05,
  max5xx: 0,
  maxEventsLost: 0,
  maxP99Ratio: 1.5,
};
export const databaseName = 'comptoir_bench_soak';
/** The receiver's path the soak's webhook endpoint posts to. */
export const receiverPath = '/soak';

export const seedSizes = {
  catalogueProducts: 20_000,
  batchProducts: 2_000,
  companies: 1_000,
  contacts: 5_000,
  invoices: 1_000,
};
