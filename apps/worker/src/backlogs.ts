import { deliveryBacklog, outboxBacklog } from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import type { WorkerLog } from './log.ts';
import type { BacklogMetrics } from './metrics.ts';

export interface BacklogWatch {
  /** Whether the last reading of the backlogs worked (the database answers): /healthz. */
  healthy(): boolean;
  /** No reading starts after this; resolves when the one under way has ended. */
  stop(): Promise<void>;
}

/**
 * Reads the outbox and delivery backlogs into their gauges now, then every `everyMs`.
 */
export async function watchBacklogs(options: {
  orm: MikroORM;
  metrics: BacklogMetrics;
  log: WorkerLog;
  everyMs: number;
}): Promise<BacklogWatch> {
  const { orm, metrics, log } = options;
  let lastCheckOk = false;
  async function checkBacklogs() {
    try {
      const backlog = await outboxBacklog(orm.em.fork());
      metrics.unpublished.set(backlog.unpublished);
      metrics.lag.set(backlog.oldestAgeSeconds);
      const deliveries = await deliveryBacklog(orm.em.fork());
      metrics.pendingDeliveries.set({ state: 'due' }, deliveries.due);
      metrics.pendingDeliveries.set({ state: 'scheduled' }, deliveries.scheduled);
      metrics.deliveryLag.set(deliveries.oldestDueAgeSeconds);
      lastCheckOk = true;
    } catch (error) {
      lastCheckOk = false;
      log.error({ err: error }, 'could not read the outbox and delivery backlogs');
    }
  }
  await checkBacklogs();
  let checking = Promise.resolve();
  const timer = setInterval(() => {
    checking = checkBacklogs();
  }, options.everyMs);
  return {
    healthy: () => lastCheckOk,
    async stop() {
      clearInterval(timer);
      // The database pool closes next: a reading still under way would fail.
      await checking;
    },
  };
}
