import {
  type DeliveryJob,
  deliveryJobId,
  dueDeliveries,
  markEnqueued,
  staleDeliveries,
} from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import type { Queue } from 'bullmq';
import type { LocalHandOff } from './hand-off.ts';
import { batchSize, boundedBatches } from './pass-loop.ts';

/** Retries due this soon are queued now, as delayed jobs. */
const lookaheadMs = 5_000;
/** Stale attempts looked at per pass: a long backlog is checked a slice at a time. */
const staleCheckLimit = 100;
const staleCheckEveryMs = 1_000;
/**
 * With the local hand-off, the queue is looked at every pass only while it takes attempts due now
 * (slow endpoints, overflow); otherwise it waits for retries due later, which a failed attempt
 * announces (`attemptFailed`) and this catches up with, well within the lookahead.
 */
const queueCheckEveryMs = 1_000;
/** Queue states in which a job will still run; anything else needs adding again. */
const liveJobStates = new Set(['waiting', 'prioritized', 'delayed', 'active', 'waiting-children']);

export interface Dispatcher {
  /**
   * Hands the attempts due now to this process's deliverer while it has room (no queue job),
   * then queues the rest due now or within the lookahead and marks them queued, a batch at a
   * time. True when it stopped at the pass's bound with attempts left.
   */
  dispatchDue(db: EntityManager, stopped: () => boolean): Promise<boolean>;
  /**
   * At most once a second (lost attempts are rare and 10 s stale at least): queues again the
   * stale attempts the queue lost.
   */
  requeueLost(db: EntityManager): Promise<void>;
  /** A failed attempt was recorded: its retry may be due within the lookahead. */
  attemptFailed(): void;
}

/**
 * The dispatcher: moves due attempts from the database (the source of truth) to this process's
 * deliverer (the local hand-off, when given) or to the queue, with deterministic job ids, and
 * re-queues any attempt the queue lost. Without room here, an attempt due now stays in the
 * database, where any worker process with room claims it, until this process has been full for
 * the hand-off's overflow time; then the queue takes it, as it takes slow endpoints' attempts
 * and retries due later.
 */
export function createDispatcher(
  queue: Queue<DeliveryJob>,
  staleMs: number,
  handOff?: LocalHandOff,
): Dispatcher {
  let staleCheckedAt = 0;
  let queueCheckedAt = 0;
  let failedSinceCheck = false;

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

  return {
    async dispatchDue(db, stopped) {
      if (handOff) {
        handOff.takeSoon();
        const queuesDueNow = handOff.queuedDueNow()?.length !== 0;
        if (!queuesDueNow && !failedSinceCheck && Date.now() - queueCheckedAt < queueCheckEveryMs)
          return false;
      }
      queueCheckedAt = Date.now();
      failedSinceCheck = false;
      return boundedBatches(async () => {
        const dueNowOnlyFor = handOff?.queuedDueNow();
        const due = await dueDeliveries(db, {
          lookaheadMs,
          limit: batchSize,
          ...(dueNowOnlyFor ? { dueNowOnlyFor } : {}),
        });
        if (due.length === 0) return false;
        await enqueue(due);
        await markEnqueued(db, due);
        return due.length >= batchSize;
      }, stopped);
    },

    attemptFailed() {
      failedSinceCheck = true;
    },

    async requeueLost(db) {
      if (Date.now() - staleCheckedAt < staleCheckEveryMs) return;
      staleCheckedAt = Date.now();
      await requeueStale(db, queue, staleMs, enqueue);
    },
  };
}

/**
 * Queues again the stale attempts the queue no longer holds (lost with Redis, or ended without
 * running), and marks them all, so that each is looked at about once per staleMs.
 */
async function requeueStale(
  db: EntityManager,
  queue: Queue<DeliveryJob>,
  staleMs: number,
  enqueue: (jobs: DeliveryJob[]) => Promise<unknown>,
): Promise<void> {
  const stale = await staleDeliveries(db, { staleMs, limit: staleCheckLimit });
  if (stale.length === 0) return;
  const states = await Promise.all(stale.map((job) => queue.getJobState(deliveryJobId(job))));
  const lost = stale.filter((_, index) => !liveJobStates.has(states[index] as string));
  // A finished job keeps its id for an hour: it must go before the attempt can be queued again.
  await Promise.all(lost.map((job) => queue.remove(deliveryJobId(job))));
  await enqueue(lost);
  await markEnqueued(db, stale);
}
