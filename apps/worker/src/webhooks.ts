import {
  type AttemptOutcome,
  abandonDelivery,
  claimDeliveryAttempts,
  type DeliveryJob,
  deliveryJobId,
  deliveryQueue,
  dueDeliveries,
  type MadeAttempt,
  markEnqueued,
  recordDeliveryAttempt,
  recordSuccesses,
  relayEvents,
  staleDeliveries,
} from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import { sendWebhook, webhookHeaders } from '@comptoir/webhooks';
import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { batched } from './batcher.ts';
import { EndpointGates } from './endpoint-gates.ts';
import { listenForEvents } from './event-listener.ts';

export interface WebhookWorkerOptions {
  orm: MikroORM;
  databaseUrl: string;
  redisUrl: string;
  retrySchedule: number[];
  allowPrivateTargets: boolean;
  registry: Registry;
  log: {
    info(details: object, message: string): void;
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** BullMQ key prefix (tests give each file its own). */
  prefix?: string;
  /** Jobs taken at once per process (sending, or waiting for their endpoint's turn). */
  concurrency?: number;
  /** Attempts sent at once per responsive endpoint and process (a slow one gets 5). */
  perEndpointConcurrency?: number;
  /** How often the relay and the dispatcher look again without a notification. */
  pollMs?: number;
  /** How long a taken attempt may run before it counts as lost and is dispatched again. */
  leaseMs?: number;
  /** How long a queued attempt may stay overdue before the dispatcher asks the queue about it. */
  staleMs?: number;
  timeoutMs?: number;
}

/** Retries due this soon are queued now, as delayed jobs. */
const lookaheadMs = 5_000;
/** Claims and successes written together, at most two statements at a time. */
const batching = { maxBatch: 200, maxInFlight: 2 };
/** Rows per dispatch statement, and statements per pass: a pass always ends. */
const batchSize = 500;
const maxBatchesPerPass = 20;
/** Stale attempts looked at per pass: a long backlog is checked a slice at a time. */
const staleCheckLimit = 100;
const staleCheckEveryMs = 1_000;
/** Queue states in which a job will still run; anything else needs adding again. */
const liveJobStates = new Set(['waiting', 'prioritized', 'delayed', 'active', 'waiting-children']);

/**
 * The relay and the delivery workers. The database is the source of truth (events, then
 * delivery rows with their next attempt time); BullMQ carries the attempts that are due, with
 * deterministic job ids. A dispatcher re-queues any attempt the queue lost, so Redis or a
 * worker going away delays deliveries and never loses one.
 */
export async function startWebhookWorker(options: WebhookWorkerOptions) {
  const prefix = options.prefix ?? deliveryQueue.prefix;
  const timeoutMs = options.timeoutMs ?? 15_000;
  // Longer than any attempt can take (the send times out, then one write records it).
  const leaseMs = options.leaseMs ?? timeoutMs + 15_000;
  const staleMs = options.staleMs ?? 10_000;
  const perEndpoint = options.perEndpointConcurrency ?? 50;
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  // The dispatcher's connection fails fast while Redis is away (a command would otherwise wait
  // for its return, and the relay with it); the dispatcher tries again on its next pass.
  const queue = new Queue<DeliveryJob>(deliveryQueue.name, {
    connection: { url: options.redisUrl, maxRetriesPerRequest: 1, enableOfflineQueue: false },
    prefix,
    defaultJobOptions: { removeOnComplete: { age: 3600 }, removeOnFail: { age: 24 * 3600 } },
  });
  queue.on('error', (error) => options.log.warn({ err: error }, 'delivery queue error'));

  const deliveries = new Counter({
    name: 'webhook_deliveries_total',
    help: 'Delivery attempts by outcome (succeeded, retrying, failed).',
    labelNames: ['outcome'],
    registers: [options.registry],
  });
  const latency = new Histogram({
    name: 'webhook_delivery_duration_seconds',
    help: 'Duration of delivery attempts.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15],
    registers: [options.registry],
  });
  const eventToDelivery = new Histogram({
    name: 'webhook_event_to_delivery_seconds',
    help: 'From the event being recorded to its successful delivery.',
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5, 30, 300],
    registers: [options.registry],
  });

  const queueStates = ['waiting', 'prioritized', 'active', 'delayed', 'failed'] as const;
  new Gauge({
    name: 'webhook_queue_jobs',
    help: 'Jobs in the BullMQ delivery queue, by state (read when scraped).',
    labelNames: ['state'],
    registers: [options.registry],
    async collect() {
      try {
        const counts = await queue.getJobCounts(...queueStates);
        for (const state of queueStates) this.set({ state }, counts[state] ?? 0);
      } catch {
        // Redis is away: no reading rather than a stale one; webhook_deliveries_pending still tells.
        this.reset();
      }
    },
  });

  const gates = new EndpointGates({ perEndpoint, perSlowEndpoint: Math.min(5, perEndpoint), slowMs: 1_000 });
  const em = () => options.orm.em.fork();
  const claim = batched((jobs: DeliveryJob[]) => claimDeliveryAttempts(em(), jobs, leaseMs), batching);
  const recordSuccess = batched(async (made: MadeAttempt[]) => {
    await recordSuccesses(em(), made);
    return made.map(() => undefined);
  }, batching);

  async function deliver(job: DeliveryJob): Promise<{ outcome: string; durationMs?: number }> {
    const claimed = await claim(job);
    if (!claimed) return { outcome: 'skipped' };
    if (!claimed.endpoint.usable) {
      await abandonDelivery(em(), claimed);
      return { outcome: 'abandoned' };
    }
    const body = JSON.stringify(claimed.event);
    const startedAt = new Date();
    const result = await sendWebhook({
      url: claimed.endpoint.url,
      headers: webhookHeaders({
        id: claimed.event.id,
        timestamp: Math.floor(startedAt.getTime() / 1000),
        body,
        secrets: claimed.endpoint.secrets,
      }),
      body,
      timeoutMs,
      allowPrivateTargets: options.allowPrivateTargets,
    });
    latency.observe(result.durationMs / 1000);
    let outcome: AttemptOutcome = 'succeeded';
    if (result.ok) {
      await recordSuccess({ claimed, startedAt, result });
      eventToDelivery.observe((Date.now() - Date.parse(claimed.event.timestamp)) / 1000);
    } else {
      ({ outcome } = await recordDeliveryAttempt(em(), claimed, startedAt, result, options.retrySchedule));
      wake();
    }
    deliveries.inc({ outcome });
    return { outcome, durationMs: result.durationMs };
  }

  const worker = new Worker<DeliveryJob>(
    deliveryQueue.name,
    async (job: Job<DeliveryJob>, token?: string) => {
      const endpointId = job.data.endpointId;
      const admission = await gates.admit(endpointId);
      if (!admission.send) {
        // A slow endpoint: its turn is far off, so the slot goes to other endpoints meanwhile.
        await job.moveToDelayed(Date.now() + admission.retryInMs, token);
        throw new DelayedError();
      }
      let durationMs: number | undefined;
      try {
        const done = await deliver(job.data);
        durationMs = done.durationMs;
        return done.outcome;
      } finally {
        gates.release(endpointId, durationMs);
      }
    },
    {
      connection,
      prefix,
      concurrency: options.concurrency ?? 200,
      // A dead worker's fetched jobs go back to the queue within seconds, not the default minute;
      // the lock is renewed every 5 s while a job runs, and a job taken twice is claimed once.
      lockDuration: 10_000,
      stalledInterval: 5_000,
    },
  );
  worker.on('error', (error) => options.log.warn({ err: error }, 'delivery worker error'));

  function enqueue(jobs: DeliveryJob[]) {
    const now = Date.now();
    return queue.addBulk(
      jobs.map((job) => ({
        name: 'deliver',
        data: job,
        opts: { jobId: deliveryJobId(job), delay: Math.max(0, job.dueAt - now) },
      })),
    );
  }

  /**
   * Queues again the stale attempts the queue no longer holds (lost with Redis, or ended without
   * running), and marks them all, so that each is looked at about once per staleMs.
   */
  async function requeueLost(db: ReturnType<typeof em>) {
    const stale = await staleDeliveries(db, { staleMs, limit: staleCheckLimit });
    if (stale.length === 0) return;
    const states = await Promise.all(stale.map((job) => queue.getJobState(deliveryJobId(job))));
    const lost = stale.filter((_, index) => !liveJobStates.has(states[index] as string));
    // A finished job keeps its id for an hour: it must go before the attempt can be queued again.
    await Promise.all(lost.map((job) => queue.remove(deliveryJobId(job))));
    await enqueue(lost);
    await markEnqueued(db, stale);
  }

  let staleCheckedAt = 0;

  /** One pass of the relay, then of the dispatcher; true when either stopped with work left. */
  async function relayAndDispatch(): Promise<boolean> {
    const db = em();
    let moreLeft = false;
    for (let batch = 0; !stopped; batch++) {
      if (batch === maxBatchesPerPass) {
        moreLeft = true;
        break;
      }
      const relayed = await relayEvents(db, batchSize);
      if (relayed.events < batchSize) break;
    }
    for (let batch = 0; !stopped; batch++) {
      if (batch === maxBatchesPerPass) {
        moreLeft = true;
        break;
      }
      const due = await dueDeliveries(db, { lookaheadMs, limit: batchSize });
      if (due.length === 0) break;
      await enqueue(due);
      await markEnqueued(db, due);
      if (due.length < batchSize) break;
    }
    // Lost attempts are rare and 10 s stale at least: one look a second, not one per event.
    if (!stopped && Date.now() - staleCheckedAt >= staleCheckEveryMs) {
      staleCheckedAt = Date.now();
      await requeueLost(db);
    }
    return moreLeft;
  }

  // One pass at a time; a wake-up during a pass asks for another one right after.
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  function wake() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = relayAndDispatch()
      .then((moreLeft) => {
        if (moreLeft) again = true;
      })
      .catch((error: unknown) => options.log.warn({ err: error }, 'relay or dispatch failed; retrying'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  // NOTIFY arrives when an event commits; polling covers the times it cannot.
  const listener = listenForEvents({
    databaseUrl: options.databaseUrl,
    channel: 'comptoir_events',
    onNotification: wake,
    log: options.log,
  });
  const poller = setInterval(wake, options.pollMs ?? 1000);
  wake();

  return {
    queue,
    worker,
    /** Finishes the jobs in flight, then stops taking new ones. */
    async stop() {
      stopped = true;
      clearInterval(poller);
      await running;
      await worker.close();
      await queue.close();
      await listener.stop();
    },
  };
}
