import {
  type AttemptOutcome,
  abandonDelivery,
  batched,
  type ClaimedDelivery,
  claimDeliveryAttempts,
  type DeliveryJob,
  deliveryQueue,
  type MadeAttempt,
  recordDeliveryAttempt,
  recordSuccesses,
  signingSecrets,
  unreadableSecretsResult,
} from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import { type Keyring, SecretDecryptionError } from '@comptoir/secrets';
import { type SendResult, sendWebhook, type WebhookConnections, webhookHeaders } from '@comptoir/webhooks';
import { DelayedError, type Job, Worker } from 'bullmq';
import type { EndpointGates } from './endpoint-gates.ts';
import type { DeliverySlots } from './hand-off.ts';
import type { WorkerLog } from './log.ts';
import type { DeliveryMetrics } from './metrics.ts';

/** Claims of queued jobs written together, at most two statements at a time. */
const claimBatching = { maxBatch: 200, maxInFlight: 2 };
/**
 * Successes written together, one statement at a time: each then carries every success that
 * arrived while the previous one ran (a group commit). With two at a time they carried about 6
 * each; with one, PostgreSQL spent 12–39 % less per delivery (docs/benchmarks.md, "Webhook
 * delivery: one success statement at a time").
 */
const successBatching = { maxBatch: 200, maxInFlight: 1 };

export interface DelivererOptions {
  orm: MikroORM;
  timeoutMs: number;
  /** How long a claimed attempt may run before it counts as lost and is dispatched again. */
  leaseMs: number;
  retrySchedule: number[];
  allowPrivateTargets: boolean;
  /** Kept-alive connections per (origin, checked address), owned by the caller. */
  connections: WebhookConnections;
  /** Opens the endpoints' signing secrets, stored encrypted (ENCRYPTION_KEY). */
  keyring: Keyring;
  metrics: DeliveryMetrics;
  log: WorkerLog;
  /** Called once a failed attempt is recorded (its retry, if any, is scheduled): time for a dispatch. */
  onAttemptFailed: () => void;
}

export type Delivered = { outcome: string; durationMs?: number };

export interface Deliverer {
  /** One attempt of a queued job: claims it first (skipped when another took it). */
  deliver(job: DeliveryJob): Promise<Delivered>;
  /** One attempt already claimed (by the local hand-off): sends it and records the outcome. */
  deliverClaimed(claimed: ClaimedDelivery): Promise<Delivered>;
}

/**
 * One attempt of one delivery: claim it (skipped when another took it or it is no longer due),
 * abandon it if its endpoint is no longer usable, else sign and send it, and record the outcome.
 * Both paths (a queued job, the local hand-off) end here, so the metrics count both alike.
 */
export function createDeliverer(options: DelivererOptions): Deliverer {
  const em = () => options.orm.em.fork();
  const claim = batched(
    (jobs: DeliveryJob[]) => claimDeliveryAttempts(em(), jobs, options.leaseMs),
    claimBatching,
  );
  const recordSuccess = batched(async (made: MadeAttempt[]) => {
    await recordSuccesses(em(), made);
    return made.map(() => undefined);
  }, successBatching);
  const { metrics } = options;

  async function deliverClaimed(claimed: ClaimedDelivery): Promise<Delivered> {
    if (!claimed.endpoint.usable) {
      await abandonDelivery(em(), claimed);
      return { outcome: 'abandoned' };
    }
    const { startedAt, result } = await send(claimed, options);
    metrics.latency.observe(result.durationMs / 1000);
    let outcome: AttemptOutcome = 'succeeded';
    if (result.ok) {
      await recordSuccess({ claimed, startedAt, result });
      metrics.eventToDelivery.observe((Date.now() - Date.parse(claimed.event.timestamp)) / 1000);
    } else {
      ({ outcome } = await recordDeliveryAttempt(em(), claimed, startedAt, result, options.retrySchedule));
      options.onAttemptFailed();
    }
    metrics.deliveries.inc({ outcome });
    return { outcome, durationMs: result.durationMs };
  }

  return {
    async deliver(job) {
      const claimed = await claim(job);
      if (!claimed) return { outcome: 'skipped' };
      return deliverClaimed(claimed);
    },
    deliverClaimed,
  };
}

/**
 * Signs (Standard Webhooks) and sends the event, with the timeout and the target policy. Secrets
 * that do not decrypt send nothing: the attempt fails with the reason (never a value) and is
 * retried on the schedule.
 */
async function send(
  claimed: ClaimedDelivery,
  options: DelivererOptions,
): Promise<{ startedAt: Date; result: SendResult }> {
  const body = JSON.stringify(claimed.event);
  const startedAt = new Date();
  let secrets: string[];
  try {
    secrets = signingSecrets(claimed.endpoint, options.keyring);
  } catch (error) {
    if (!(error instanceof SecretDecryptionError)) throw error;
    options.log.error(
      {
        endpointId: claimed.endpoint.id,
        deliveryId: claimed.deliveryId,
        reason: error.reason,
        keyId: error.keyId,
      },
      'webhook signing secret does not decrypt: is ENCRYPTION_KEY (or ENCRYPTION_KEY_PREVIOUS) the key it was stored with?',
    );
    return { startedAt, result: unreadableSecretsResult(error) };
  }
  const result = await sendWebhook({
    url: claimed.endpoint.url,
    headers: webhookHeaders({
      id: claimed.event.id,
      timestamp: Math.floor(startedAt.getTime() / 1000),
      body,
      secrets,
    }),
    body,
    timeoutMs: options.timeoutMs,
    allowPrivateTargets: options.allowPrivateTargets,
    connections: options.connections,
  });
  return { startedAt, result };
}

export interface DeliveryWorkerOptions {
  redisUrl: string;
  prefix: string;
  /** Jobs taken at once by this process (sending, or waiting for their endpoint's turn). */
  concurrency: number;
  /** The process's per-endpoint limits, shared with the local hand-off. */
  gates: EndpointGates;
  /** The process's attempts in flight, shared with the local hand-off. */
  slots: DeliverySlots;
  deliver: (job: DeliveryJob) => Promise<Delivered>;
  log: WorkerLog;
}

/**
 * The BullMQ worker that runs the delivery jobs, each through its endpoint's gate: a slow
 * endpoint's attempt goes back to the queue until its turn instead of holding a slot.
 */
export function startDeliveryWorker(options: DeliveryWorkerOptions): Worker<DeliveryJob> {
  const { deliver, gates, slots } = options;
  const worker = new Worker<DeliveryJob>(
    deliveryQueue.name,
    async (job: Job<DeliveryJob>, token?: string) => {
      const endpointId = job.data.endpointId;
      await slots.acquire();
      try {
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
      } finally {
        slots.give(endpointId);
      }
    },
    {
      connection: { url: options.redisUrl, maxRetriesPerRequest: null },
      prefix: options.prefix,
      concurrency: options.concurrency,
      // A dead worker's fetched jobs go back to the queue within seconds, not the default minute;
      // the lock is renewed every 5 s while a job runs, and a job taken twice is claimed once.
      lockDuration: 10_000,
      stalledInterval: 5_000,
    },
  );
  worker.on('error', (error) => options.log.warn({ err: error }, 'delivery worker error'));
  return worker;
}
