/**
 * The targets of issue #12, checked: RSS slopes of the API and the worker under 1 MB/min, their
 * live heaps' over the last 40 minutes under 0.05 MB/min (issue 32), no 5xx, no event lost, the last minute's p99 within 1.5x of the second's.
 * `pass` is undefined when the run cannot tell (too few full collections, under 3 minutes).
 */
import type { EventsCheck } from './events-check.ts';
import type { Failures, LiveHeap, P99Trend, Slopes } from './figures.ts';
import { liveHeapWindowMinutes, targets } from './settings.ts';
import { plusMinus, round } from './stats.ts';

export interface Check {
  check: string;
  value: string;
  pass: boolean | undefined;
}

export interface Verdicts {
  slopes: Slopes;
  liveHeaps: { api: LiveHeap; worker: LiveHeap };
  failures: Failures;
  events: EventsCheck;
  p99: P99Trend;
}

export function checks({ slopes, liveHeaps, failures, events, p99 }: Verdicts): Check[] {
  return [
    ...(['api', 'worker'] as const).flatMap((name) => memoryChecks(name, slopes, liveHeaps[name])),
    {
      check: 'no 5xx (nor transport errors)',
      value: `${failures.fiveXx} 5xx, ${failures.transportErrors} transport errors`,
      pass: failures.fiveXx === 0 && failures.transportErrors === 0,
    },
    {
      check: 'every event recorded reached the receiver',
      value: `${events.lost.length} lost of ${events.recorded.length}`,
      pass: events.lost.length === 0 && events.recorded.length > 0,
    },
    {
      check: `p99 of the last minute <= ${targets.maxP99Ratio}x the second minute's`,
      value:
        p99.ratio === undefined
          ? 'n/a (needs 3 minutes)'
          : `${p99.last?.all.p99} ms vs ${p99.second?.all.p99} ms (${p99.ratio}x)`,
      pass: p99.ratio === undefined ? undefined : p99.ratio <= targets.maxP99Ratio,
    },
  ];
}

/**
 * RSS over the run after its warm-up. The sampled heap is a sawtooth between full collections
 * (its slope's error is tens of MB/min): the live heap after each full collection stands for
 * the heap, judged over the last 40 minutes (liveHeapWindowSeconds).
 */
function memoryChecks(name: 'api' | 'worker', slopes: Slopes, heap: LiveHeap): Check[] {
  const max = targets.maxSlopeMbPerMinute;
  const maxLive = targets.maxLiveHeapSlopeMbPerMinute;
  return [
    {
      check: `${name} RSS slope < ${max} MB/min`,
      value: `${plusMinus(slopes[name].rss)} MB/min`,
      pass: slopes[name].rss.slope < max,
    },
    {
      check: `${name} live heap (after full GC) slope over ${windowText(heap)} < ${maxLive} MB/min`,
      value: `${plusMinus(heap)} MB/min over ${heap.fullCollections} full collections (${heap.windowFirstMb ?? '–'} → ${heap.windowLastMb ?? '–'} MB)`,
      pass: heap.fullCollections < 3 ? undefined : heap.slope < maxLive,
    },
  ];
}

/** `the last 40 min (minutes 20–60)`, or the shorter window a shorter run was judged on. */
function windowText(heap: LiveHeap): string {
  const from = round(heap.windowSeconds.from / 60, 1);
  const to = round(heap.windowSeconds.to / 60, 1);
  return to - from >= liveHeapWindowMinutes
    ? `the last ${liveHeapWindowMinutes} min (minutes ${from}–${to})`
    : `minutes ${from}–${to} (the run is shorter than ${liveHeapWindowMinutes} min after its warm-up)`;
}

export function printChecks(list: Check[]): void {
  console.log('');
  for (const check of list) {
    console.log(
      `${check.pass === undefined ? 'N/A ' : check.pass ? 'PASS' : 'FAIL'}  ${check.check}: ${check.value}`,
    );
  }
}
