/**
 * Open-loop traffic: every kind of the mix has a fixed schedule (its share of SOAK_RATE); a
 * request is sent at its time whether or not the earlier ones have answered. The schedule ticks
 * every 2 ms and sends whatever is due. Latency is measured from the send to the end of the
 * answer; how late the sends were against their schedule is recorded too.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ApiClient } from './http.ts';
import type { MixEntry } from './mix.ts';
import type { TrafficRecorder } from './recorder.ts';
import { durationMs, requestsPerSecond, requestTimeoutMs } from './settings.ts';
import { round } from './stats.ts';

export interface Traffic {
  /** No more sends (the schedule ends at trafficStart + durationMs anyway). */
  stop(): void;
  /** Waits for the answers still out, at most requestTimeoutMs + 5 s. */
  lastAnswers(): Promise<void>;
}

/** Starts sending `mix` on its schedule from `trafficStart` (performance.now()). */
export function startTraffic(
  mix: MixEntry[],
  trafficStart: number,
  client: ApiClient,
  recorder: TrafficRecorder,
): Traffic {
  const trafficEnd = trafficStart + durationMs;
  const schedules = mix.map((entry, index) => ({
    entry,
    perSecond: requestsPerSecond * entry.share,
    issued: 0,
    // Kinds start at different offsets within their first period, not all at once.
    phase: index / mix.length,
  }));
  const pending = new Set<Promise<void>>();
  const ticker = setInterval(() => {
    const now = performance.now();
    for (const schedule of schedules) {
      for (;;) {
        const intendedAt = trafficStart + ((schedule.issued + schedule.phase) / schedule.perSecond) * 1000;
        if (intendedAt > now || intendedAt >= trafficEnd) break;
        schedule.issued += 1;
        const promise = issue(schedule.entry, intendedAt, trafficStart, client, recorder);
        pending.add(promise);
        void promise.finally(() => pending.delete(promise));
      }
    }
  }, 2);
  return {
    stop: () => clearInterval(ticker),
    lastAnswers: async () => {
      await Promise.race([Promise.allSettled([...pending]), sleep(requestTimeoutMs + 5_000)]);
    },
  };
}

/** Sends the entry's next request, due at `intendedAt`, and records its outcome. */
async function issue(
  entry: MixEntry,
  intendedAt: number,
  trafficStart: number,
  client: ApiClient,
  recorder: TrafficRecorder,
): Promise<void> {
  const planned = entry.plan();
  const minute = Math.floor((intendedAt - trafficStart) / 60_000);
  const sentAt = performance.now();
  recorder.sent(minute, sentAt - intendedAt);
  try {
    const answer = await client.send({
      method: planned.method,
      path: planned.path,
      ...(planned.headers === undefined ? {} : { headers: planned.headers }),
      ...(planned.body === undefined ? {} : { body: planned.body }),
    });
    recorder.received(planned.kind, minute, answer.status, performance.now() - sentAt, planned.expected);
    const problem = planned.check?.(answer);
    if (problem) recorder.anomaly(planned.kind, problem);
    if (answer.status !== planned.expected)
      recorder.example({ kind: planned.kind, status: answer.status, body: answer.body.slice(0, 500) });
  } catch (error) {
    recorder.received(planned.kind, minute, 'error', performance.now() - sentAt, planned.expected);
    recorder.example({ kind: planned.kind, status: 'error', body: String(error) });
  } finally {
    recorder.done();
  }
}

/** `<kind> <rate>/s, …` for the log. */
export function describeMix(mix: MixEntry[]): string {
  return mix.map((entry) => `${entry.kind} ${round(requestsPerSecond * entry.share, 2)}/s`).join(', ');
}
