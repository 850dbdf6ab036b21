/**
 * Preloaded (`--import`) into the API by bench/api-memory.ts: every 500 ms appends to
 * `$API_MEMORY_SAMPLES-<pid>.jsonl` the process's RSS (anonymous and file-backed), V8's heap
 * spaces (size and used, MB), external memory, whether Node's type stripping is loaded, and the
 * garbage collections so far (count and pause time, minor and major).
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { constants, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';

const file = `${process.env.API_MEMORY_SAMPLES ?? '/tmp/api-memory'}-${process.pid}.jsonl`;
const started = Date.now();
const collections: Record<'minor' | 'major' | 'other', [number, number]> = {
  minor: [0, 0],
  major: [0, 0],
  other: [0, 0],
};
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as { detail?: { kind?: number } }).detail?.kind;
    const key =
      kind === constants.NODE_PERFORMANCE_GC_MINOR
        ? 'minor'
        : kind === constants.NODE_PERFORMANCE_GC_MAJOR
          ? 'major'
          : 'other';
    collections[key][0] += 1;
    collections[key][1] += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;
setInterval(() => {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) / 1024;
  const memory = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8
      .getHeapSpaceStatistics()
      .filter((space) => space.space_size > 0)
      .map((space) => [
        space.space_name.replace('_space', ''),
        [mb(space.space_size), mb(space.space_used_size)],
      ]),
  );
  const loaded = (process as { moduleLoadList?: string[] }).moduleLoadList ?? [];
  const sample = {
    t: Date.now() - started,
    rss: kb('VmRSS'),
    anon: kb('RssAnon'),
    file: kb('RssFile'),
    heapTotal: mb(memory.heapTotal),
    heapUsed: mb(memory.heapUsed),
    external: mb(memory.external),
    spaces,
    typeStripping: loaded.includes('NativeModule internal/deps/amaro/dist/index'),
    gcs: Object.fromEntries(
      Object.entries(collections).map(([kind, [count, ms]]) => [kind, [count, Math.round(ms)]]),
    ),
  };
  appendFileSync(file, `${JSON.stringify(sample)}\n`);
}, 500).unref();
