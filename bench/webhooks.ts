/**
 * `pnpm bench`, fourth part: webhook delivery (issue #5), through the real worker process.
 * - backlog drain: N events recorded while the worker is stopped, then the worker is started;
 *   deliveries per second from the first to the last arrival at a local receiver, for a
 *   workspace with 1 endpoint and for one with 4 endpoints (N/4 events, 4 deliveries each);
 *   targets (issue 16): 1 endpoint at 2,000/s or 70 % of the bare signed sender, 4 endpoints at
 *   3,000/s, the worker's RSS under 150 MB (its peak, sampled from /proc every 50 ms);
 * - steady stream: events recorded at a fixed rate with the worker running; event-to-delivery
 *   latency = arrival at the receiver − the event's created_at (one machine, one clock);
 *   targets: p99 under 50 ms (issue 16), p50 under 50 ms (issue 5);
 * - baselines in the same run, from one process to the same receiver: plain keep-alive POSTs,
 *   and the worker's own sender (sendWebhook: signing, kept-alive connections; and with a new
 *   connection per request, as it was before issue 16) without the queue and the database;
 * - afterwards: every event reached every endpoint exactly once, and the database agrees.
 *
 * The receiver is a child process of its own (`node bench/webhooks.ts --receiver`), so the
 * producer's database work does not delay the arrival times it records.
 *
 * Every part runs BENCH_ROUNDS times (default 3), each round from a stopped worker; the targets
 * are judged on the medians of the rounds.
 *
 * Settings: BENCH_WEBHOOK_EVENTS (backlog deliveries per variant, default 5000),
 * BENCH_WEBHOOK_RATE (events/s of the stream, default 300), BENCH_DURATION (s of the stream,
 * default 10), BENCH_WEBHOOK_DATABASE (PostgreSQL database, dropped and created again, default
 * comptoir_bench_webhooks), BENCH_WEBHOOK_REDIS_DB (Redis database for the worker's queue, default
 * 14; its `comptoir:webhook-deliveries:*` keys are deleted before and after), BENCH_WEBHOOK_WORKER
 * (another worker main.ts to measure, e.g. in a changed copy of the repository),
 * BENCH_WEBHOOK_NODE_FLAGS (node flags for the worker, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import os from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { createEndpoint, createWorkspace, type NewEvent, recordEvents } from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import { createKeyring, generateEncryptionKey } from '@comptoir/secrets';
import { sendWebhook, WebhookConnections, webhookHeaders } from '@comptoir/webhooks';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  benchRounds,
  type CpuSnapshot,
  cpuSnapshot,
  cpuUsed,
  median,
  numberSetting,
  repoRoot,
  roundsText,
  writeResult,
} from './lib.ts';
import { benchServices, vacuumAnalyze } from './services.ts';

interface Arrival {
  /** `<path> <webhook-id>`: one delivery to one endpoint. */
  key: string;
  /** Wall-clock ms (performance.timeOrigin + performance.now(), sub-millisecond). */
  at: number;
}
type ReceiverMessage =
  | { type: 'listening'; port: number }
  | { type: 'progress'; count: number }
  | { type: 'arrivals'; arrivals: Arrival[]; duplicates: number; total: number };

/** The baselines: POSTs from the bench process itself, without the worker's queue and database. */
const baselineKinds = {
  plain: 'plain POST, keep-alive',
  sender: 'sendWebhook (signed, keep-alive)',
  senderFresh: 'sendWebhook (signed, new connection per POST)',
} as const;
type BaselineKind = keyof typeof baselineKinds;

if (process.argv.includes('--receiver')) runReceiver();
else await runBench();

/**
 * The receiver: answers 200 to every POST as soon as its body is read, keeps connections alive,
 * and notes the arrival time of each (path, webhook-id) when its headers arrive. It reports
 * its count to the parent every 20 ms, and hands over (then forgets) the arrivals of a phase
 * when asked; redeliveries of a pair already seen count as duplicates for the whole run.
 */
function runReceiver(): void {
  // With a callback, a send racing the parent's disconnect fails quietly instead of throwing.
  const send = (message: ReceiverMessage) => {
    if (process.connected) process.send?.(message, undefined, {}, () => {});
  };
  const seen = new Set<string>();
  let phase: Arrival[] = [];
  let duplicates = 0;
  const server = createServer((request, response) => {
    const at = performance.timeOrigin + performance.now();
    const key = `${request.url} ${request.headers['webhook-id']}`;
    if (seen.has(key)) duplicates += 1;
    else {
      seen.add(key);
      phase.push({ key, at });
    }
    request.resume();
    request.on('end', () => response.writeHead(200).end());
  });
  server.keepAliveTimeout = 60_000;
  let reported = -1;
  const reporter = setInterval(() => {
    if (phase.length !== reported) {
      reported = phase.length;
      send({ type: 'progress', count: reported });
    }
  }, 20);
  process.on('message', (message: { type: string }) => {
    if (message.type !== 'collect') return;
    send({ type: 'arrivals', arrivals: phase, duplicates, total: seen.size });
    phase = [];
    reported = -1;
  });
  process.on('disconnect', () => {
    clearInterval(reporter);
    process.exit(0);
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address && typeof address !== 'string') send({ type: 'listening', port: address.port });
  });
}

async function runBench(): Promise<void> {
  // BENCH_WEBHOOK_DATABASE: another database name, so that two runs at once do not drop each other's.
  const databaseName = process.env.BENCH_WEBHOOK_DATABASE || 'comptoir_bench_webhooks';
  const backlogDeliveries = numberSetting('BENCH_WEBHOOK_EVENTS', 5000);
  const streamRate = numberSetting('BENCH_WEBHOOK_RATE', 300);
  const lightRate = Math.max(1, Math.round(streamRate / 10));
  const streamSeconds = numberSetting('BENCH_DURATION', 10);
  const redisDb = numberSetting('BENCH_WEBHOOK_REDIS_DB', 14);
  const rounds = benchRounds();
  // startWebhookWorker's defaults, which main.ts keeps: jobs in flight per process and per endpoint.
  const workerConcurrency = 200;
  const perEndpointConcurrency = 50;
  // The stream records its events in one transaction every tick (3 events at 300/s).
  const streamTickMs = 10;
  const drainTimeoutMs = 180_000;
  // Issue 16: one endpoint at 2,000/s or 70 % of the bare signed sender (sendWebhook alone,
  // keep-alive, same in-flight count), four at 3,000/s, p99 under 50 ms at 300 events/s, the
  // worker under 150 MB while it drains; issue 5's p50 stays a check.
  const targets = {
    minSingleEndpointPerSecond: 2000,
    minShareOfBareSender: 0.7,
    minFourEndpointsPerSecond: 3000,
    maxP50Ms: 50,
    maxP99Ms: 50,
    maxWorkerRssMb: 150,
  };
  const log = (message: string) => console.log(`[bench webhooks] ${message}`);
  const startLoad = os.loadavg().map((value) => Math.round(value * 100) / 100);

  const {
    postgres,
    redis: redisService,
    databaseUrl,
    serverVersion,
    orm,
  } = await benchServices(databaseName, log);
  const redisUrl = (() => {
    const url = new URL(redisService.url);
    url.pathname = `/${redisDb}`;
    return url.toString();
  })();
  const queueKeys = 'comptoir:webhook-deliveries:*';
  async function clearQueue(): Promise<number> {
    const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    let deleted = 0;
    try {
      let cursor = '0';
      do {
        const [next, keys] = await client.scan(cursor, 'MATCH', queueKeys, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) deleted += await client.unlink(...keys);
      } while (cursor !== '0');
    } finally {
      client.disconnect();
    }
    return deleted;
  }
  const leftover = await clearQueue();
  if (leftover > 0) log(`deleted ${leftover} queue keys left in Redis db ${redisDb} by an earlier run`);

  // One workspace with 1 endpoint, one with 4; every endpoint takes every event type.
  const receiver = await startReceiver();
  const single = await createWorkspace(orm.em.fork(), { name: 'Webhooks, 1 endpoint' });
  const fanOut = await createWorkspace(orm.em.fork(), { name: 'Webhooks, 4 endpoints' });
  const singlePath = '/single';
  const fanOutPaths = ['/fan-1', '/fan-2', '/fan-3', '/fan-4'];
  // The receiver is on 127.0.0.1 over http: allowed as with WEBHOOK_ALLOW_PRIVATE_TARGETS=true.
  const policy = { allowPrivateTargets: true };
  // The run's ENCRYPTION_KEY: the signing secrets are stored with it, the worker opens them with it.
  const encryptionKey = generateEncryptionKey();
  const keyring = createKeyring({ current: Buffer.from(encryptionKey, 'base64') });
  await createEndpoint(orm.em.fork(), single.id, { url: receiver.url(singlePath) }, keyring, policy);
  for (const path of fanOutPaths) {
    await createEndpoint(orm.em.fork(), fanOut.id, { url: receiver.url(path) }, keyring, policy);
  }
  log(`receiver (own process) on ${receiver.url('/')}; worker queue in Redis db ${redisDb}`);

  const workerEnv = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    WORKER_PORT: '0',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    LOG_LEVEL: 'info',
    ENCRYPTION_KEY: encryptionKey,
  };

  interface Row {
    round: number;
    scenario: string;
    deliveries: number;
    seconds: number;
    perSecond: number;
    /** CPU ms per delivery: the sending process (worker or this one), PostgreSQL, Redis, receiver. */
    cpuMs: { sender: number; postgres: number; redis: number; receiver: number };
    latencyMs?: { p50: number; p90: number; p99: number; max: number };
    /** The worker's highest resident set size (MB) seen while it ran this scenario, sampled every 50 ms. */
    workerRssPeakMb?: number;
    /** Median time from event to relay, from relay to the attempt's start, and the POST itself. */
    stagesP50Ms?: { relay: number; queue: number; post: number };
    note?: string;
  }
  const rows: Row[] = [];
  const cpuPerDelivery = (
    before: { cpu: CpuSnapshot; receiver: number },
    after: { cpu: CpuSnapshot; receiver: number },
    count: number,
    sender: 'server' | 'loadGenerator',
  ) => {
    const used = cpuUsed(before.cpu, after.cpu);
    const per = (ms: number) => Math.round((ms / Math.max(1, count)) * 1000) / 1000;
    return {
      sender: per(used[sender]),
      postgres: per(used.postgres),
      redis: per(used.redis),
      receiver: per(after.receiver - before.receiver),
    };
  };
  const snapshot = (pid?: number) => ({
    cpu: cpuSnapshot(pid, databaseName),
    receiver: cpuSnapshot(receiver.pid, databaseName).server,
  });

  let worker: WorkerProcess | undefined;
  const expected = new Map<string, number>([[singlePath, 0], ...fanOutPaths.map((p) => [p, 0] as const)]);
  const duplicatesSeen: number[] = [];
  try {
    for (let current = 1; current <= rounds; current++) {
      // 1. Baselines: the same number of POSTs, from this process, 50 in flight (the worker's
      //    per-endpoint limit) and 200 (4 endpoints' worth).
      //    The worker's sender keeps connections alive (issue 16); its former one, a new connection
      //    per POST, is measured too, for comparison.
      for (const inFlight of [perEndpointConcurrency, 4 * perEndpointConcurrency]) {
        for (const [kind, name] of Object.entries(baselineKinds) as [BaselineKind, string][]) {
          await receiver.collect();
          // A path per round: the receiver counts a (path, webhook-id) seen twice as a duplicate.
          const path = `/baseline-${kind}-${inFlight}-round-${current}`;
          const count = backlogDeliveries;
          const before = snapshot(undefined);
          const started = performance.now();
          await postMany(receiver.url(path), count, inFlight, kind);
          const seconds = (performance.now() - started) / 1000;
          const after = snapshot(undefined);
          const { arrivals } = await receiver.collect();
          rows.push({
            round: current,
            scenario: `baseline: ${name}, ${inFlight} in flight`,
            deliveries: arrivals.length,
            seconds: round(seconds, 2),
            perSecond: Math.round(count / seconds),
            cpuMs: cpuPerDelivery(before, after, count, 'loadGenerator'),
            ...(arrivals.length === count ? {} : { note: `only ${arrivals.length} of ${count} arrived` }),
          });
          logRow(rows.at(-1));
        }
      }

      // 2. Backlog drains: events recorded with the worker stopped, then the worker started.
      const drains = [
        { name: '1 endpoint', workspaceId: single.id, paths: [singlePath] },
        { name: '4 endpoints', workspaceId: fanOut.id, paths: fanOutPaths },
      ];
      for (const drain of drains) {
        const events = Math.round(backlogDeliveries / drain.paths.length);
        const deliveries = events * drain.paths.length;
        await insertEvents(orm, drain.workspaceId, events, 500);
        for (const path of drain.paths) expected.set(path, (expected.get(path) ?? 0) + events);
        await vacuumAnalyze(databaseUrl);
        await receiver.collect();
        const spawnedAt = performance.timeOrigin + performance.now();
        worker = await startWorker(workerEnv);
        const drainingWorker = worker;
        let atFirst: ReturnType<typeof snapshot> | undefined;
        let countAtFirst = 0;
        const drained = await receiver.waitFor(deliveries, drainTimeoutMs, (count) => {
          if (!atFirst && count > 0) {
            atFirst = snapshot(worker?.process.pid);
            countAtFirst = count;
          }
        });
        const atEnd = snapshot(worker.process.pid);
        const rssPeakMb = drainingWorker.rssPeakMb();
        const { arrivals } = await receiver.collect();
        const times = arrivals.map((arrival) => arrival.at).sort((a, b) => a - b);
        const first = times[0] ?? spawnedAt;
        const last = times.at(-1) ?? spawnedAt;
        const seconds = (last - first) / 1000;
        rows.push({
          round: current,
          scenario: `backlog drain, ${drain.name} (${events} events)`,
          deliveries: arrivals.length,
          seconds: round(seconds, 2),
          perSecond: Math.round((arrivals.length - 1) / Math.max(seconds, 0.001)),
          cpuMs: atFirst
            ? cpuPerDelivery(atFirst, atEnd, arrivals.length - countAtFirst, 'server')
            : { sender: 0, postgres: 0, redis: 0, receiver: 0 },
          workerRssPeakMb: rssPeakMb,
          note:
            `first delivery ${Math.round(first - spawnedAt)} ms after the worker was spawned` +
            (drained
              ? ''
              : `; NOT DRAINED: ${arrivals.length} of ${deliveries} in ${drainTimeoutMs / 1000} s`),
        });
        logRow(rows.at(-1));
        // The 1-endpoint worker is stopped before the next backlog; the last one keeps running.
        if (drain !== drains.at(-1)) {
          await worker.stop();
          worker = undefined;
        }
      }

      // 3. Steady streams with the worker running (and idle: the backlogs are drained): a light one
      //    (informative: the pipeline's own latency) and the measured one.
      if (!worker) worker = await startWorker(workerEnv);
      await worker.ready;
      const runningWorker = worker;
      for (const stream of [
        { rate: lightRate, seconds: Math.min(5, streamSeconds), measured: false },
        { rate: streamRate, seconds: streamSeconds, measured: true },
      ]) {
        await receiver.collect();
        const ids: string[] = [];
        const before = snapshot(runningWorker.process.pid);
        runningWorker.rssPeakMb(true);
        // How late this process's timers run: what an in-process receiver's arrival times would be off by.
        const loopDelay = monitorEventLoopDelay({ resolution: 1 });
        loopDelay.enable();
        const streamStarted = performance.now();
        for (;;) {
          const elapsed = performance.now() - streamStarted;
          if (elapsed >= stream.seconds * 1000) break;
          const due = Math.floor((stream.rate * elapsed) / 1000) - ids.length;
          if (due > 0) ids.push(...(await insertEvents(orm, single.id, due, due)));
          await sleep(streamTickMs);
        }
        loopDelay.disable();
        expected.set(singlePath, (expected.get(singlePath) ?? 0) + ids.length);
        const drained = await receiver.waitFor(ids.length, drainTimeoutMs);
        const after = snapshot(runningWorker.process.pid);
        const { arrivals } = await receiver.collect();
        const times = await eventTimes(databaseUrl, ids);
        // Event-to-delivery, and its stages: relay (created → published), dispatch + queue + claim
        // (published → attempt started), POST (attempt started → arrival).
        const stages = {
          total: [] as number[],
          relay: [] as number[],
          queue: [] as number[],
          post: [] as number[],
        };
        for (const arrival of arrivals) {
          const event = times.get(arrival.key.split(' ')[1] ?? '');
          if (!event) continue;
          stages.total.push(arrival.at - event.created);
          stages.relay.push(event.published - event.created);
          stages.queue.push(event.attemptStarted - event.published);
          stages.post.push(arrival.at - event.attemptStarted);
        }
        for (const values of Object.values(stages)) {
          const finite = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
          values.splice(0, values.length, ...finite);
        }
        const latencies = stages.total;
        const stageP50 = (values: number[]) => round(percentile(values, 0.5), 1);
        const row: Row = {
          round: current,
          scenario: `stream, 1 endpoint, ${stream.rate} events/s for ${stream.seconds} s${stream.measured ? '' : ' (light)'}`,
          deliveries: arrivals.length,
          seconds: stream.seconds,
          perSecond: Math.round(arrivals.length / stream.seconds),
          cpuMs: cpuPerDelivery(before, after, arrivals.length, 'server'),
          workerRssPeakMb: runningWorker.rssPeakMb(),
          latencyMs: {
            p50: round(percentile(latencies, 0.5), 1),
            p90: round(percentile(latencies, 0.9), 1),
            p99: round(percentile(latencies, 0.99), 1),
            max: round(latencies.at(-1) ?? Number.NaN, 1),
          },
          stagesP50Ms: {
            relay: stageP50(stages.relay),
            queue: stageP50(stages.queue),
            post: stageP50(stages.post),
          },
          note:
            `stage p50s: relay ${stageP50(stages.relay)} ms, dispatch+queue+claim ${stageP50(stages.queue)} ms, POST ${stageP50(stages.post)} ms; ` +
            `producer's event-loop delay p99 ${round(loopDelay.percentile(99) / 1e6 - 1, 1)} ms` +
            (drained ? '' : `; NOT DRAINED: ${arrivals.length} of ${ids.length}`),
        };
        rows.push(row);
        logRow(row);
      }
      // Each round starts from a stopped worker: its drains measure a start as deployed.
      await worker.stop();
      worker = undefined;
    }
  } finally {
    await worker?.stop();
    const { duplicates } = await receiver.collect();
    duplicatesSeen.push(duplicates);
    receiver.stop();
    const deleted = await clearQueue();
    log(`deleted ${deleted} queue keys from Redis db ${redisDb}`);
    await orm.close();
  }

  // 4. Exactly once: the receiver's distinct (endpoint, webhook-id) pairs and the database.
  const check = new pg.Client({ connectionString: databaseUrl });
  await check.connect();
  const byEndpoint = (
    await check.query<{ url: string; succeeded: string; other: string; attempts: string }>(
      `select e.url, count(*) filter (where d.status = 'succeeded') as succeeded,
              count(*) filter (where d.status <> 'succeeded') as other,
              coalesce(sum(d.attempts), 0) as attempts
         from webhook_endpoints e left join webhook_deliveries d on d.endpoint_id = e.id
        group by e.url`,
    )
  ).rows;
  const unpublished = Number(
    (await check.query<{ n: string }>('select count(*) as n from events where published_at is null')).rows[0]
      ?.n,
  );
  await check.end();
  const received = receiver.distinctByPath();
  const correctness = [...expected].map(([path, events]) => {
    const row = byEndpoint.find((r) => new URL(r.url).pathname === path);
    return {
      endpoint: path,
      events,
      receivedDistinct: received.get(path) ?? 0,
      succeeded: Number(row?.succeeded ?? 0),
      notSucceeded: Number(row?.other ?? 0),
      attempts: Number(row?.attempts ?? 0),
    };
  });
  const duplicates = duplicatesSeen[0] ?? 0;
  const exactlyOnce =
    duplicates === 0 &&
    unpublished === 0 &&
    correctness.every(
      (c) =>
        c.receivedDistinct === c.events &&
        c.succeeded === c.events &&
        c.notSucceeded === 0 &&
        c.attempts === c.events,
    );
  await redisService.stop();
  await postgres.stop();

  // 5. Report: every round's rows, then the targets judged on the medians of the rounds (a
  // backlog's share of the bare sender is taken within its round).
  const baselineOf = (inFlight: number, kind: string, ofRound: number) =>
    rows.find(
      (row) =>
        row.round === ofRound &&
        row.scenario.includes(kind) &&
        row.scenario.endsWith(`, ${inFlight} in flight`),
    );
  const shareOfBareSender = (row: Row) => {
    const inFlight = row.scenario.includes('4 endpoints')
      ? 4 * perEndpointConcurrency
      : perEndpointConcurrency;
    const baseline = baselineOf(inFlight, baselineKinds.sender, row.round);
    return baseline ? row.perSecond / baseline.perSecond : 0;
  };
  // Only a backlog runs as fast as it can: the streams' rate is the producer's.
  const ratioTo = (row: Row) => {
    const inFlight = row.scenario.includes('4 endpoints')
      ? 4 * perEndpointConcurrency
      : perEndpointConcurrency;
    return row.scenario.startsWith('backlog')
      ? `${(shareOfBareSender(row) * 100).toFixed(0)}% of sendWebhook keep-alive×${inFlight}`
      : '';
  };
  const totalCpu = (row: Row) =>
    round(row.cpuMs.sender + row.cpuMs.postgres + row.cpuMs.redis + row.cpuMs.receiver, 2);
  console.log(
    '\n| round | scenario | deliveries | s | deliveries/s | vs baseline | p50 ms | p99 ms | worker RSS peak MB | CPU ms/delivery: sender | PostgreSQL | Redis | receiver | total |',
  );
  console.log('|--:|:--|--:|--:|--:|:--|--:|--:|--:|--:|--:|--:|--:|--:|');
  for (const row of rows) {
    console.log(
      `| ${row.round} | ${row.scenario} | ${row.deliveries} | ${row.seconds} | ${row.perSecond} | ${ratioTo(row)} | ${row.latencyMs?.p50 ?? ''} | ${row.latencyMs?.p99 ?? ''} | ${row.workerRssPeakMb ?? ''} | ${row.cpuMs.sender} | ${row.cpuMs.postgres} | ${row.cpuMs.redis} | ${row.cpuMs.receiver} | ${totalCpu(row)} |`,
    );
  }
  for (const row of rows.filter((r) => r.note)) log(`round ${row.round} ${row.scenario}: ${row.note}`);
  const roundsOf = (prefix: string) => rows.filter((row) => row.scenario.startsWith(prefix));
  const singleDrains = roundsOf('backlog drain, 1 endpoint');
  const fourDrains = roundsOf('backlog drain, 4 endpoints');
  const streams = roundsOf(`stream, 1 endpoint, ${streamRate} events/s`);
  const bareSenders = rows.filter(
    (row) =>
      row.scenario.includes(baselineKinds.sender) &&
      row.scenario.endsWith(`, ${perEndpointConcurrency} in flight`),
  );
  const medianOf = (of: Row[], pick: (row: Row) => number | undefined) => {
    const values = of
      .map(pick)
      .filter((value): value is number => value !== undefined && Number.isFinite(value));
    return values.length > 0 ? median(values) : Number.NaN;
  };
  const byRound = (of: Row[], pick: (row: Row) => number | undefined) =>
    roundsText(of.map((row) => pick(row) ?? Number.NaN));
  const singlePerSecond = medianOf(singleDrains, (row) => row.perSecond);
  const singleShare = medianOf(singleDrains, shareOfBareSender);
  const fourPerSecond = medianOf(fourDrains, (row) => row.perSecond);
  const streamP99 = medianOf(streams, (row) => row.latencyMs?.p99);
  const streamP50 = medianOf(streams, (row) => row.latencyMs?.p50);
  const drainRssPeaks = singleDrains.map((row, index) =>
    Math.max(row.workerRssPeakMb ?? 0, fourDrains[index]?.workerRssPeakMb ?? 0),
  );
  const drainRssPeak = drainRssPeaks.length > 0 ? median(drainRssPeaks) : 0;
  if (streams.length > 0) {
    log(
      `event-to-delivery latency at ${streamRate}/s by round: p50 ${byRound(streams, (row) => row.latencyMs?.p50)} ms, p90 ${byRound(streams, (row) => row.latencyMs?.p90)} ms, p99 ${byRound(streams, (row) => row.latencyMs?.p99)} ms, max ${byRound(streams, (row) => row.latencyMs?.max)} ms`,
    );
  }
  console.log('');
  const checks = [
    {
      check: `1 endpoint: >= ${targets.minSingleEndpointPerSecond} deliveries/s or >= ${targets.minShareOfBareSender * 100}% of the bare signed sender (sendWebhook keep-alive, ${perEndpointConcurrency} in flight), median of ${singleDrains.length} rounds`,
      value: `${singlePerSecond}/s (rounds ${byRound(singleDrains, (row) => row.perSecond)}), ${(singleShare * 100).toFixed(0)}% of the bare sender's ${medianOf(bareSenders, (row) => row.perSecond)}/s (rounds ${byRound(bareSenders, (row) => row.perSecond)})`,
      pass:
        singlePerSecond >= targets.minSingleEndpointPerSecond || singleShare >= targets.minShareOfBareSender,
    },
    {
      check: `4 endpoints: >= ${targets.minFourEndpointsPerSecond} deliveries/s, median of ${fourDrains.length} rounds`,
      value: `${fourPerSecond}/s (rounds ${byRound(fourDrains, (row) => row.perSecond)})`,
      pass: fourPerSecond >= targets.minFourEndpointsPerSecond,
    },
    {
      check: `event-to-delivery p99 < ${targets.maxP99Ms} ms at ${streamRate} events/s, median of ${streams.length} rounds`,
      value: `${streamP99} ms (rounds ${byRound(streams, (row) => row.latencyMs?.p99)}; p50 ${streamP50} ms)`,
      pass: streamP99 < targets.maxP99Ms,
    },
    {
      check: `event-to-delivery p50 < ${targets.maxP50Ms} ms at ${streamRate} events/s (issue 5)`,
      value: `${streamP50} ms (rounds ${byRound(streams, (row) => row.latencyMs?.p50)})`,
      pass: streamP50 < targets.maxP50Ms,
    },
    {
      check: `worker RSS < ${targets.maxWorkerRssMb} MB during the backlog drains, median of the rounds' peaks`,
      value: `${drainRssPeak} MB (rounds ${roundsText(drainRssPeaks)}; stream at ${streamRate}/s ${byRound(streams, (row) => row.workerRssPeakMb)})`,
      pass: drainRssPeak > 0 && drainRssPeak < targets.maxWorkerRssMb,
    },
    {
      check: 'every event delivered exactly once per endpoint',
      value: `${correctness.map((c) => `${c.endpoint} ${c.receivedDistinct}/${c.events} received, ${c.succeeded} succeeded`).join('; ')}; duplicates ${duplicates}; unpublished events ${unpublished}`,
      pass: exactlyOnce,
    },
  ];
  for (const check of checks) console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.check}: ${check.value}`);

  const written = writeResult('webhooks.json', {
    date: new Date().toISOString(),
    machine: {
      cpus: os.cpus().length,
      node: process.version,
      postgres: serverVersion,
      loadAverageAtStart: startLoad,
      loadAverageAtEnd: os.loadavg().map((value) => Math.round(value * 100) / 100),
    },
    config: {
      rounds,
      backlogDeliveries,
      streamRate,
      lightRate,
      streamSeconds,
      streamTickMs,
      workerConcurrency,
      perEndpointConcurrency,
      targets,
    },
    results: rows,
    correctness,
    duplicates,
    unpublished,
    checks,
  });
  log(`results written to ${written}`);

  /** `count` events (a stock movement's payload) in transactions of up to `batch`; their ids. */
  async function insertEvents(
    orm: MikroORM,
    workspaceId: string,
    count: number,
    batch: number,
  ): Promise<string[]> {
    const ids: string[] = [];
    for (let done = 0; done < count; done += batch) {
      const events: NewEvent[] = Array.from({ length: Math.min(batch, count - done) }, (_, i) => ({
        type: 'stock.movement',
        data: {
          id: `mvt_${done + i}`,
          productId: 'prd_01kbenchwebhooks000000000',
          kind: 'movement',
          quantityBefore: '120',
          quantityAfter: '119',
          delta: '-1',
          reason: 'Vente',
          refKind: 'ticket',
          refId: `T-${done + i}`,
          unitCost: null,
          stockState: 'ok',
        },
      }));
      const recorded = await orm.em.fork().transactional((tx) => recordEvents(tx, workspaceId, events));
      ids.push(...recorded.map((event) => event.id));
    }
    return ids;
  }

  /** POSTs `count` webhook-shaped bodies with `inFlight` requests at a time. */
  async function postMany(url: string, count: number, inFlight: number, kind: BaselineKind) {
    const agent = new Agent({ keepAlive: true, maxSockets: inFlight });
    // The sender's own pool, as the worker has one; maxAgents 0 is the former sender (no keep-alive).
    const connections = new WebhookConnections(kind === 'senderFresh' ? { maxAgents: 0 } : {});
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const target = new URL(url);
    let next = 0;
    const one = async (index: number) => {
      const id = `evt_baseline_${index}`;
      const body = JSON.stringify({
        id,
        type: 'stock.movement',
        timestamp: new Date().toISOString(),
        data: { id: `mvt_${index}`, reason: 'Vente', refId: `T-${index}`, delta: '-1' },
      });
      if (kind !== 'plain') {
        const result = await sendWebhook({
          url,
          headers: webhookHeaders({ id, timestamp: Math.floor(Date.now() / 1000), body, secrets: [secret] }),
          body,
          timeoutMs: 15_000,
          allowPrivateTargets: true,
          connections,
        });
        if (!result.ok) throw new Error(`baseline POST failed: ${result.error ?? result.status}`);
        return;
      }
      await new Promise<void>((resolve, reject) => {
        const outgoing = httpRequest(
          {
            agent,
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'webhook-id': id,
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve());
          },
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
    };
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < count) await one(next++);
      }),
    );
    agent.destroy();
    connections.close();
  }

  function logRow(row: Row | undefined) {
    if (!row) return;
    log(
      `round ${row.round} ${row.scenario.padEnd(58)} ${String(row.perSecond).padStart(6)}/s  ${row.deliveries} in ${row.seconds} s  ` +
        `CPU ms/delivery: sender ${row.cpuMs.sender}, pg ${row.cpuMs.postgres}, redis ${row.cpuMs.redis}, receiver ${row.cpuMs.receiver}` +
        (row.latencyMs ? `  p50 ${row.latencyMs.p50} ms p99 ${row.latencyMs.p99} ms` : '') +
        (row.note ? `  (${row.note})` : ''),
    );
  }
}

interface Receiver {
  pid: number | undefined;
  url(path: string): string;
  /** Resolves true once `count` distinct arrivals of the current phase are in, false on timeout. */
  waitFor(count: number, timeoutMs: number, onProgress?: (count: number) => void): Promise<boolean>;
  /** The current phase's arrivals (a new phase starts), and the run's duplicates so far. */
  collect(): Promise<{ arrivals: Arrival[]; duplicates: number }>;
  /** Distinct deliveries per path over the whole run. */
  distinctByPath(): Map<string, number>;
  stop(): void;
}

async function startReceiver(): Promise<Receiver> {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), ['--receiver'], { stdio: 'inherit' });
  let progress = 0;
  const listeners = new Set<(count: number) => void>();
  const byPath = new Map<string, number>();
  let pendingCollect: ((message: Extract<ReceiverMessage, { type: 'arrivals' }>) => void) | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`receiver exited (${code})`)));
    child.on('message', (message: ReceiverMessage) => {
      if (message.type === 'listening') resolve(message.port);
      else if (message.type === 'progress') {
        progress = message.count;
        for (const listener of listeners) listener(progress);
      } else if (message.type === 'arrivals') pendingCollect?.(message);
    });
  });
  return {
    pid: child.pid,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    waitFor(count, timeoutMs, onProgress) {
      return new Promise((resolve) => {
        const done = (ok: boolean) => {
          clearTimeout(timer);
          listeners.delete(listener);
          resolve(ok);
        };
        const listener = (current: number) => {
          onProgress?.(current);
          if (current >= count) done(true);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        listeners.add(listener);
        listener(progress);
      });
    },
    async collect() {
      const message = await new Promise<Extract<ReceiverMessage, { type: 'arrivals' }>>((resolve) => {
        pendingCollect = resolve;
        child.send({ type: 'collect' });
      });
      pendingCollect = undefined;
      progress = 0;
      for (const arrival of message.arrivals) {
        const path = arrival.key.split(' ')[0] ?? '';
        byPath.set(path, (byPath.get(path) ?? 0) + 1);
      }
      return { arrivals: message.arrivals, duplicates: message.duplicates };
    },
    distinctByPath: () => byPath,
    stop: () => child.disconnect(),
  };
}

interface WorkerProcess {
  process: ChildProcess;
  /** The highest RSS (MB) sampled since the start or the last reset. */
  rssPeakMb(reset?: boolean): number;
  /** Resolves when the worker logs that it runs (the relay has started before). */
  ready: Promise<void>;
  stop(): Promise<void>;
}

/** `node apps/worker/src/main.ts`, as deployed; its warnings and errors are passed on. */
async function startWorker(env: Record<string, string>): Promise<WorkerProcess> {
  // BENCH_WEBHOOK_WORKER: another main.ts to measure, e.g. a changed copy of the repository.
  const script = process.env.BENCH_WEBHOOK_WORKER || join(repoRoot, 'apps/worker/src/main.ts');
  // BENCH_WEBHOOK_NODE_FLAGS: node flags for the worker (e.g. --cpu-prof --cpu-prof-dir=…).
  const flags = (process.env.BENCH_WEBHOOK_NODE_FLAGS ?? '').split(' ').filter((flag) => flag !== '');
  const child = spawn(process.execPath, [...flags, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // RSS from /proc every 50 ms: short drains last a few seconds, and the peak is the target.
  let rssPeakKb = 0;
  const sampleRss = () => {
    try {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
      if (kb > rssPeakKb) rssPeakKb = kb;
    } catch {
      // exited: keep the last peak
    }
  };
  const rssSampler = setInterval(sampleRss, 50);
  child.once('exit', () => clearInterval(rssSampler));
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    let entry: { level?: number; msg?: string } = {};
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      // not pino's: pass it on
    }
    if (entry.msg?.startsWith('worker running')) markReady();
    else if ((entry.level ?? 50) >= 40) process.stderr.write(`[worker] ${line}\n`);
  });
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) =>
    process.stderr.write(`[worker] ${line}\n`),
  );
  child.once('exit', (code, signal) => {
    if (code !== 0) process.stderr.write(`[worker] exited (code ${code}, signal ${signal})\n`);
  });
  return {
    process: child,
    ready,
    rssPeakMb(reset = false) {
      sampleRss();
      const peak = Math.round(rssPeakKb / 1024);
      if (reset) rssPeakKb = 0;
      return peak;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

interface EventTimes {
  /** The event's created_at: its transaction's start. */
  created: number;
  /** published_at: the relay pass that created its deliveries. */
  published: number;
  /** The first attempt's started_at (after the claim, before the POST); NaN if none. */
  attemptStarted: number;
}

/** When each event was recorded, relayed and first attempted, as wall-clock ms (one clock). */
async function eventTimes(databaseUrl: string, ids: string[]): Promise<Map<string, EventTimes>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
  try {
    const { rows } = await client.query<{
      id: string;
      created: number;
      published: number | null;
      started: number | null;
    }>(
      `select ev.id, ${ms('ev.created_at')} as created, ${ms('ev.published_at')} as published,
              (select ${ms('min(a.started_at)')} from webhook_deliveries d
                 join webhook_delivery_attempts a on a.delivery_id = d.id and a.attempt = 1
                where d.event_id = ev.id) as started
         from events ev where ev.id = any($1)`,
      [ids],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        {
          created: row.created,
          published: row.published ?? Number.NaN,
          attemptStarted: row.started ?? Number.NaN,
        },
      ]),
    );
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] as number;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
