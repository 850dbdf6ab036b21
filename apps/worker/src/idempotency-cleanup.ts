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
}): Promise<{ stop(): void }> {
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
  const timer = setInterval(() => void cleanIdempotencyKeys(), options.everyMs);
  return { stop: () => clearInterval(timer) };
}
