import {
  type DeliveryJob,
  deliveryJobId,
  dueDeliveries,
  markEnqueued,
  staleDeliveries,
} from '@comptoir/core';
import type { EntityManager } from '@comptoir/db';
import type { Queue } from 'bullmq';
import { batchSize, boundedBatches } from './pass-loop.ts';

/** Retries due this soon are queued now, as delayed jobs. */
const lookaheadMs = 5_000;
/** Stale attempts looked at per pass: a long backlog is checked a slice at a time. */
const staleCheckLimit = 100;
const staleCheckEveryMs = 1_000;
/** Queue states in which a job will still run; anything else needs adding again. */
const liveJobStates = new Set(['waiting', 'prioritized', 'delayed', 'active', 'waiting-children']);

export interface Dispatcher {
  /**
   * Queues the attempts due now (or within the lookahead) and marks them queued, a batch at a
   * time. True when it stopped at the pass's bound with attempts left.
   */
  dispatchDue(db: EntityManager, stopped: () => boolean): Promise<boolean>;
  /**
   * At most once a second (lost attempts are rare and 10 s stale at least): queues again the
   * stale attempts the queue lost.
   */
  requeueLost(db: EntityManager): Promise<void>;
}

/**
 * The dispatcher: moves due attempts from the database (the source of truth) to the queue,
 * with deterministic job ids, and re-queues any attempt the queue lost.
 */
export function createDispatcher(queue: Queue<DeliveryJob>, staleMs: number): Dispatcher {
  let staleCheckedAt = 0;

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
    dispatchDue: (db, stopped) =>
      boundedBatches(async () => {
        const due = await dueDeliveries(db, { lookaheadMs, limit: batchSize });
        if (due.length === 0) return false;
        await enqueue(due);
        await markEnqueued(db, due);
        return due.length >= batchSize;
      }, stopped),

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
