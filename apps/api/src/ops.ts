import type { MikroORM } from '@comptoir/db';
import type { FastifyPluginAsync } from 'fastify';
import type { Redis } from 'ioredis';
import { registerQueueDashboard } from './admin.ts';
import type { ApiMetrics } from './metrics.ts';

export interface OpsPluginOptions {
  orm: MikroORM;
  redis: Redis;
  metrics: ApiMetrics;
  /** Opens the queue dashboard at /admin/queues; without it the dashboard is off. */
  adminToken?: string | undefined;
}

/**
 * For operators: /healthz (the process answers), /readyz (the database and Redis answer within
 * 2 s), /metrics (Prometheus), and the queue dashboard when an admin token is configured.
 */
export const opsPlugin: FastifyPluginAsync<OpsPluginOptions> = async (app, options) => {
  if (options.adminToken)
    await registerQueueDashboard(app, { token: options.adminToken, redis: options.redis });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const checks = await Promise.all([
      withTimeout(options.orm.em.getConnection().execute('select 1'), 2000).then(
        () => ['database', 'ok'] as const,
        (error: Error) => ['database', error.message] as const,
      ),
      withTimeout(options.redis.ping(), 2000).then(
        () => ['redis', 'ok'] as const,
        (error: Error) => ['redis', error.message] as const,
      ),
    ]);
    const ready = checks.every(([, state]) => state === 'ok');
    return reply
      .code(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', checks: Object.fromEntries(checks) });
  });
  app.get('/metrics', async (_request, reply) =>
    reply.type(options.metrics.registry.contentType).send(await options.metrics.registry.metrics()),
  );
};

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
