import { deleteExpiredIdempotencyKeys } from '@comptoir/core';
import type { MikroORM } from '@comptoir/db';
import type { WorkerLog } from './log.ts';

/**
 * Idempotency-Key results are kept 24 hours; expired ones are also ignored when read, so a
 * cleanup now, then every `everyMs` (ten minutes), only bounds the table's size.
 */
export async function scheduleIdempotencyCleanup(options: {
  orm: MikroORM;
  log: WorkerLog;
  everyMs: number;
}): Promise<{ stop(): Promise<void> }> {
  const { orm, log } = options;
  async function cleanIdempotencyKeys() {
    try {
      const deleted = await deleteExpiredIdempotencyKeys(orm.em.fork());
      if (deleted > 0) log.info({ deleted }, 'expired idempotency keys deleted');
    } catch (error) {
      log.error({ err: error }, 'could not delete expired idempotency keys');
    }
  }
  await cleanIdempotencyKeys();
  let cleaning = Promise.resolve();
  const timer = setInterval(() => {
    cleaning = cleanIdempotencyKeys();
  }, options.everyMs);
  return {
    async stop() {
      clearInterval(timer);
      // The database pool closes next: a cleanup still under way would fail.
      await cleaning;
    },
  };
}
