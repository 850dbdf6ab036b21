/**
 * `pnpm bench:soak` (issue #12): a report, not a test. Mixed traffic at a steady rate against
 * the real API (`apps/api/src/main.ts`) and worker (`apps/worker/src/main.ts`) processes on a
 * fresh database, with webhook deliveries to a local receiver in its own process
 * (`node bench/webhooks.ts --receiver`). The parts are in bench/soak/:
 *
 * - traffic.ts, mix.ts, adjustments.ts: open loop. Every operation kind has a fixed schedule
 *   (its share of SOAK_RATE requests/s); a request is sent at its time whether or not the
 *   earlier ones have answered. Latency is measured from the send to the end of the answer; how
 *   late the sends were against their schedule is reported too (if it stays small, nothing was
 *   held back). recorder.ts keeps the figures per minute.
 * - sampling.ts, every 10 s: RSS (/proc/<pid>/status) of the API, the worker, the receiver and
 *   this process; heap and event-loop delay of the API and the worker (prom-client's default
 *   metrics on their /metrics); PostgreSQL connections to the database (pg_stat_activity); Redis
 *   used_memory; CPU of each process (/proc). app-processes.ts starts the API and the worker with
 *   `--trace-gc`, so the live heap left by each full collection is known too (the sampled heap
 *   is a sawtooth between them).
 * - figures.ts, report-tables.ts, verdicts.ts, report.ts: memory slope after a 2-minute warm-up
 *   (least squares, MB/min ± standard error; with SOAK_MINUTES < 3 the second half), the live
 *   heap's slope over the last 40 minutes (issue 32; a shorter run: from the warm-up's end),
 *   p50/p99 per minute (all requests and per kind), 5xx, and (events-check.ts) whether every event
 *   recorded in `events` during the run reached the receiver (after a bounded drain), with the
 *   event-to-delivery latency. PASS/FAIL per target; bench/results/soak.json.
 * - maintenance.ts: if the PostgreSQL server runs without autovacuum (a CI configuration may),
 *   the soak emulates it: a production server vacuums and analyzes the tables the traffic
 *   writes, and without that the run would measure their bloat.
 * - heap-snapshots.ts: SOAK_HEAP_SNAPSHOTS=3,13,23 has the API write V8 heap snapshots at those
 *   minutes of traffic (bench/results/soak-heap/); `node bench/heap-diff.ts` compares them.
 *
 * Settings (settings.ts): SOAK_MINUTES (default 10; 60 gives the live-heap verdict its full
 * window), SOAK_RATE (requests/s, default 100), SOAK_DRAIN_SECONDS (bound of the final wait for
 * webhook deliveries, default 180), SOAK_REDIS_DB (Redis database of the API's rate limits and
 * the worker's queue, default 13; its `comptoir:*` keys are deleted before and after),
 * SOAK_AUTOVACUUM (auto: emulate autovacuum if the server has it off, the default; emulate; off),
 * SOAK_HEAP_SNAPSHOTS (minutes of traffic, none by default).
 */
import { soak } from './soak/main.ts';

await soak();
