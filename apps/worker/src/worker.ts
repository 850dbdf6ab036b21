import { readWorkerConfig } from '@comptoir/config';
import { createOrm } from '@comptoir/db';
import { createKeyring } from '@comptoir/secrets';
import { parseRetrySchedule } from '@comptoir/webhooks';
import { pino } from 'pino';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { watchBacklogs } from './backlogs.ts';
import { startEinvoicing } from './einvoicing.ts';
import { scheduleIdempotencyCleanup } from './idempotency-cleanup.ts';
import { startLifecycleSweeps } from './lifecycle-sweeps.ts';
import { createBacklogMetrics, createLifecycleMetrics } from './metrics.ts';
import { createStatusServer } from './status-server.ts';
import { startWebhookWorker } from './webhooks.ts';

/**
 * The worker process, as started by main.ts (which sets its heap limits and compile cache
 * first): the outbox relay and the webhook delivery workers, the outbox backlog for operators,
 * the cleanup of expired Idempotency-Key results, and the scheduled transitions (invoices
 * OVERDUE, quotes EXPIRED). Importing this module starts nothing: main.ts may still replace
 * the process after loading it (runtime.ts of @comptoir/config says why).
 */
export async function runWorker(): Promise<void> {
  const config = readWorkerConfig();
  const logger = pino({ level: config.logging.level, base: { service: 'worker' } });
  const retrySchedule = parseRetrySchedule(config.webhooks.retrySchedule);
  const orm = await createOrm({ databaseUrl: config.database.url, poolSize: 10 });

  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const backlogs = await watchBacklogs({
    orm,
    metrics: createBacklogMetrics(registry),
    log: logger,
    everyMs: 5000,
  });
  const cleanup = await scheduleIdempotencyCleanup({ orm, log: logger, everyMs: 10 * 60_000 });
  const sweeps = startLifecycleSweeps({
    orm,
    log: logger,
    metrics: createLifecycleMetrics(registry),
    everyMs: config.lifecycle.sweepIntervalMs,
  });

  const keyring = createKeyring(config.encryption);
  const einvoicing = startEinvoicing({
    orm,
    keyring,
    log: logger,
    pollEveryMs: config.einvoicing.pollIntervalMs,
  });

  const webhooks = await startWebhookWorker({
    orm,
    databaseUrl: config.database.url,
    redisUrl: config.redis.url,
    retrySchedule,
    allowPrivateTargets: config.webhooks.allowPrivateTargets,
    keyring,
    registry,
    log: logger,
  });

  const server = createStatusServer({ registry, healthy: backlogs.healthy });
  server.listen(config.http.port, config.http.host, () =>
    logger.info(
      { port: config.http.port },
      'worker running: relay and webhook delivery on; /healthz and /metrics served',
    ),
  );

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    // Work under way finishes (in-flight deliveries included; queued ones stay in Redis and the
    // database for the next worker) before the pool it uses closes.
    await Promise.all([backlogs.stop(), cleanup.stop(), sweeps.stop(), einvoicing.stop(), webhooks.stop()]);
    await orm.close();
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
