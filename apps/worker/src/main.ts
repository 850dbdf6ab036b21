import { createServer } from 'node:http';
import { readWorkerConfig } from '@comptoir/config';
import { deleteExpiredIdempotencyKeys, deliveryBacklog, outboxBacklog } from '@comptoir/core';
import { createOrm } from '@comptoir/db';
import { parseRetrySchedule } from '@comptoir/webhooks';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import { startWebhookWorker } from './webhooks.ts';

/**
 * The worker process: the outbox relay and the webhook delivery workers, the outbox backlog
 * for operators, and the cleanup of expired Idempotency-Key results.
 */
const config = readWorkerConfig();
const logger = pino({ level: config.logging.level, base: { service: 'worker' } });
const retrySchedule = parseRetrySchedule(config.webhooks.retrySchedule);
const orm = await createOrm({ databaseUrl: config.database.url, poolSize: 10 });
const redis = new Redis(config.redis.url, { maxRetriesPerRequest: null });
redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));

const registry = new Registry();
collectDefaultMetrics({ register: registry });
const unpublished = new Gauge({
  name: 'outbox_unpublished_events',
  help: 'Events recorded but not yet published.',
  registers: [registry],
});
const lag = new Gauge({
  name: 'outbox_lag_seconds',
  help: 'Age of the oldest unpublished event.',
  registers: [registry],
});

const pendingDeliveries = new Gauge({
  name: 'webhook_deliveries_pending',
  help: 'Pending webhook deliveries in the database: due now, or scheduled for a later retry.',
  labelNames: ['state'],
  registers: [registry],
});
const deliveryLag = new Gauge({
  name: 'webhook_delivery_lag_seconds',
  help: 'How long the oldest due delivery attempt has been waiting.',
  registers: [registry],
});

let lastCheckOk = false;
async function checkBacklogs() {
  try {
    const backlog = await outboxBacklog(orm.em.fork());
    unpublished.set(backlog.unpublished);
    lag.set(backlog.oldestAgeSeconds);
    const deliveries = await deliveryBacklog(orm.em.fork());
    pendingDeliveries.set({ state: 'due' }, deliveries.due);
    pendingDeliveries.set({ state: 'scheduled' }, deliveries.scheduled);
    deliveryLag.set(deliveries.oldestDueAgeSeconds);
    lastCheckOk = true;
  } catch (error) {
    lastCheckOk = false;
    logger.error({ err: error }, 'could not read the outbox and delivery backlogs');
  }
}
await checkBacklogs();
const timer = setInterval(() => void checkBacklogs(), 5000);

// Idempotency-Key results are kept 24 hours; expired ones are also ignored when read, so a
// cleanup every ten minutes only bounds the table's size.
async function cleanIdempotencyKeys() {
  try {
    const deleted = await deleteExpiredIdempotencyKeys(orm.em.fork());
    if (deleted > 0) logger.info({ deleted }, 'expired idempotency keys deleted');
  } catch (error) {
    logger.error({ err: error }, 'could not delete expired idempotency keys');
  }
}
await cleanIdempotencyKeys();
const cleanupTimer = setInterval(() => void cleanIdempotencyKeys(), 10 * 60_000);

const webhooks = await startWebhookWorker({
  orm,
  databaseUrl: config.database.url,
  redisUrl: config.redis.url,
  retrySchedule,
  allowPrivateTargets: config.webhooks.allowPrivateTargets,
  registry,
  log: logger,
});

const server = createServer(async (request, response) => {
  if (request.url === '/healthz') {
    response.writeHead(lastCheckOk ? 200 : 503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ status: lastCheckOk ? 'ok' : 'degraded' }));
  } else if (request.url === '/metrics') {
    response.writeHead(200, { 'content-type': registry.contentType });
    response.end(await registry.metrics());
  } else {
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ error: { code: 'not_found', message: 'Not found' } }));
  }
});
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
  clearInterval(timer);
  clearInterval(cleanupTimer);
  server.close();
  // In-flight deliveries finish; queued ones stay in Redis and the database for the next worker.
  await webhooks.stop();
  await orm.close();
  redis.disconnect();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
