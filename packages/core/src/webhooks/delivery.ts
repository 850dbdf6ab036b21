import type { SendResult } from '@comptoir/webhooks';

// The delivery engine's vocabulary, shared by its store (delivery-store.ts), its rules
// (record-attempt.ts) and the worker that runs it.

/** The BullMQ queue that carries due attempts: the worker consumes it, the dashboard shows it. */
export const deliveryQueue = { name: 'webhook-deliveries', prefix: 'comptoir' } as const;

/** An endpoint failing without a single success for this long is disabled. */
export const failingEndpointDisableDays = 5;
/** Retry-After is honoured up to this delay. */
export const retryAfterCapMs = 24 * 3600_000;

/** One attempt of one delivery: what a queue job carries. */
export interface DeliveryJob {
  deliveryId: string;
  endpointId: string;
  generation: number;
  attempt: number;
  /** When the attempt is due (ms since epoch). */
  dueAt: number;
}

/** A deterministic job id: the same attempt queued twice is one job. */
export const deliveryJobId = (job: Pick<DeliveryJob, 'deliveryId' | 'generation' | 'attempt'>) =>
  `${job.deliveryId}-g${job.generation}-a${job.attempt}`;

export interface ClaimedDelivery {
  deliveryId: string;
  workspaceId: string;
  /** The delivery's generation when claimed: a redelivery meanwhile makes this attempt moot. */
  generation: number;
  attempt: number;
  event: { id: string; type: string; timestamp: string; data: Record<string, unknown> };
  /**
   * `encryptedSecrets`: as stored, the current one first, then the previous one while it is
   * valid; signingSecrets (secrets.ts) opens them to sign.
   */
  endpoint: { id: string; url: string; usable: boolean; encryptedSecrets: string[] };
}

/** An attempt that was made: what the delivery log records. */
export interface MadeAttempt {
  claimed: ClaimedDelivery;
  startedAt: Date;
  result: SendResult;
}

export type AttemptOutcome = 'succeeded' | 'retrying' | 'failed';

export interface DeliveryBacklog {
  /** Pending deliveries whose next attempt is due now. */
  due: number;
  /** Pending deliveries waiting for a later retry. */
  scheduled: number;
  /** How long the oldest due attempt has been waiting (0 when none is). */
  oldestDueAgeSeconds: number;
}
