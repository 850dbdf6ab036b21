/**
 * SOAK_HEAP_SNAPSHOTS: the API is started with `--heapsnapshot-signal=SIGUSR2` and a diagnostic
 * directory of this run's own (bench/results/soak-heap/<start>/), and gets SIGUSR2 at the listed
 * minutes of traffic; Node then writes `Heap.<date>.<time>.<pid>.0.<n>.heapsnapshot` there (a full
 * collection first, and the API stands still for the few seconds it takes: the minute's latency
 * shows it). `node bench/heap-diff.ts <a> <b> …` compares them. Such a run is for the diff,
 * not for the memory verdicts: writing a snapshot of the API's ~45 MB heap took about 150 MB of
 * malloc'd memory that the process kept (RSS 166 → 318 MB at the first one, 25-minute run of
 * issue 32), and the snapshot's own collections dent the live-heap series.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { resultsDir } from '../lib.ts';
import type { AppProcess } from './app-processes.ts';
import { log } from './log.ts';
import { heapSnapshotMinutes } from './settings.ts';

const directory = join(resultsDir, 'soak-heap', new Date().toISOString().replaceAll(':', '-').slice(0, 19));

/** The API's extra node flags: none unless snapshots are asked for. */
export function apiSnapshotFlags(): string[] {
  if (heapSnapshotMinutes.length === 0) return [];
  mkdirSync(directory, { recursive: true });
  return ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${directory}`];
}

export interface HeapSnapshots {
  stop(): void;
  /** The snapshot files written so far. */
  files(): string[];
}

/** Sends SIGUSR2 to the API at each minute of SOAK_HEAP_SNAPSHOTS after `trafficStart`. */
export function scheduleHeapSnapshots(api: AppProcess, trafficStart: number): HeapSnapshots {
  const timers = heapSnapshotMinutes.map((minute) =>
    setTimeout(
      () => {
        log(`API heap snapshot at minute ${minute} of traffic (SIGUSR2), into ${directory}`);
        api.process.kill('SIGUSR2');
      },
      Math.max(0, trafficStart + minute * 60_000 - performance.now()),
    ),
  );
  return {
    stop: () => {
      for (const timer of timers) clearTimeout(timer);
    },
    files: () =>
      heapSnapshotMinutes.length === 0
        ? []
        : readdirSync(directory)
            .filter((name) => name.endsWith('.heapsnapshot'))
            .sort()
            .map((name) => join(directory, name)),
  };
}
