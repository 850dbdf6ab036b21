import {
  abandonDelivery,
  claimDeliveryAttempt,
  type DeliveryJob,
  deliveryJobId,
  deliveryQueue,
  dueDeliveries,
  markEnqueued,
  recordDeliveryAttempt,
  relayEvents,
} from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import { sendWebhook, webhookHeaders } from '@comptoir/webhooks';
import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import pg from 'pg';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

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
  /** Jobs in flight per process. */
  concurrency?: number;
  /** Jobs in flight per endpoint and process: a slow endpoint cannot take every slot. */
  perEndpointConcurrency?: number;
  /** How often the relay and the dispatcher look again without a notification. */
  pollMs?: number;
  /** How long a taken attempt may run before it counts as lost and is dispatched again. */
  leaseMs?: number;
  timeoutMs?: number;
}

const lookaheadMs = 30_000;

/**
 * The relay and the delivery workers. The database is the source of truth (events, then
 * delivery rows with their next attempt time); BullMQ carries the attempts that are due, with
 * deterministic job ids. A dispatcher re-queues any attempt the queue lost, so Redis or a
 * worker going away delays deliveries and never loses one.
 */
export async function startWebhookWorker(options: WebhookWorkerOptions) {
  const prefix = options.prefix ?? deliveryQueue.prefix;
  const leaseMs = options.leaseMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const perEndpoint = options.perEndpointConcurrency ?? 5;
  const connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  const queue = new Queue<DeliveryJob>(deliveryQueue.name, {
    connection: { ...connection, enableOfflineQueue: false },
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

  const inFlight = new Map<string, number>();
  const worker = new Worker<DeliveryJob>(
    deliveryQueue.name,
    async (job: Job<DeliveryJob>, token?: string) => {
      const endpointId = job.data.endpointId;
      const busy = inFlight.get(endpointId) ?? 0;
      if (busy >= perEndpoint) {
        // Let other endpoints' jobs run meanwhile; this one comes back shortly.
        await job.moveToDelayed(Date.now() + 200, token);
        throw new DelayedError();
      }
      inFlight.set(endpointId, busy + 1);
      try {
        const em = options.orm.em.fork();
        const claimed = await claimDeliveryAttempt(em, job.data, leaseMs);
        if (!claimed) return 'skipped';
        if (!claimed.endpoint.usable) {
          await abandonDelivery(em, claimed);
          return 'abandoned';
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
        const { outcome } = await recordDeliveryAttempt(
          em,
          claimed,
          startedAt,
          result,
          options.retrySchedule,
        );
        deliveries.inc({ outcome });
        if (outcome === 'succeeded') {
          eventToDelivery.observe((Date.now() - Date.parse(claimed.event.timestamp)) / 1000);
        } else {
          wake();
        }
        return outcome;
      } finally {
        inFlight.set(endpointId, (inFlight.get(endpointId) ?? 1) - 1);
      }
    },
    { connection, prefix, concurrency: options.concurrency ?? 50 },
  );
  worker.on('error', (error) => options.log.warn({ err: error }, 'delivery worker error'));

  async function relayAndDispatch() {
    const em = options.orm.em.fork();
    for (;;) {
      const relayed = await relayEvents(em);
      if (relayed.events < 500) break;
    }
    for (;;) {
      const due = await dueDeliveries(em, { lookaheadMs, staleMs: leaseMs, limit: 500 });
      if (due.length === 0) break;
      const now = Date.now();
      await queue.addBulk(
        due.map((job) => ({
          name: 'deliver',
          data: job,
          opts: { jobId: deliveryJobId(job), delay: Math.max(0, job.dueAt - now) },
        })),
      );
      await markEnqueued(em, due);
      if (due.length < 500) break;
    }
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
      .catch((error: unknown) => options.log.warn({ err: error }, 'relay or dispatch failed; retrying'))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  }

  // LISTEN on a connection of its own: NOTIFY arrives when an event commits.
  const listener = new pg.Client({ connectionString: options.databaseUrl });
  listener.on('error', (error) => options.log.warn({ err: error }, 'event listener connection lost'));
  listener.on('notification', () => wake());
  try {
    await listener.connect();
    await listener.query('listen comptoir_events');
  } catch (error) {
    options.log.warn({ err: error }, 'LISTEN unavailable; polling only');
  }
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
      await listener.end().catch(() => {});
    },
  };
}
