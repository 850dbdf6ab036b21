import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, deliveryQueue } from '@comptoir/core';
import { errorEnvelope } from '@comptoir/trpc';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { loadedOnFirstRequest } from './loaded-on-first-request.ts';

export const queueDashboardPath = '/admin/queues';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The admin token from `Authorization: Bearer <token>`, or from Basic auth (any user name,
 * the token as password) so that a browser can open the dashboard with its own prompt.
 */
function presentedToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const [scheme, value = ''] = header.split(' ', 2);
  if (scheme?.toLowerCase() === 'bearer') return value;
  if (scheme?.toLowerCase() === 'basic') {
    const credentials = Buffer.from(value, 'base64').toString('utf8');
    const colon = credentials.indexOf(':');
    return colon === -1 ? undefined : credentials.slice(colon + 1);
  }
  return undefined;
}

function refuse(reply: FastifyReply, code: 'missing_authorization' | 'invalid_key', message: string) {
  return reply
    .code(401)
    .header('WWW-Authenticate', 'Basic realm="Comptoir queues", charset="UTF-8"')
    .type('application/json')
    .send(JSON.stringify(errorEnvelope(new AppError(code, message))));
}

/**
 * bull-board at /admin/queues, for operators, behind ADMIN_TOKEN. The queue is only a view of
 * the delivery schedule (the database holds it): removing a job there delays that attempt
 * until the worker's dispatcher queues it again; it never loses a delivery. bull-board, bullmq
 * and the dashboard's Redis connection come on the first request an admin token lets through
 * (loaded-on-first-request.ts says why).
 */
export async function registerQueueDashboard(
  app: FastifyInstance,
  options: { token: string; redis: Redis },
): Promise<void> {
  const expected = digest(options.token);
  await app.register(async (admin) => {
    admin.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      const token = presentedToken(request.headers.authorization);
      if (token === undefined)
        return refuse(reply, 'missing_authorization', 'The queue dashboard needs the admin token');
      if (!timingSafeEqual(digest(token), expected)) return refuse(reply, 'invalid_key', 'Wrong admin token');
    });
    loadedOnFirstRequest(admin, queueDashboardPath, () => buildQueueDashboard(app, options.redis));
  });
}

async function buildQueueDashboard(app: FastifyInstance, redis: Redis): Promise<FastifyInstance> {
  const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }, { Queue }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/fastify'),
    import('bullmq'),
  ]);
  const queue = new Queue(deliveryQueue.name, {
    connection: redis.duplicate({ maxRetriesPerRequest: 1 }),
    prefix: deliveryQueue.prefix,
  });
  queue.on('error', (error) => app.log.warn({ err: error }, 'queue dashboard: redis error'));
  const dashboard = Fastify();
  dashboard.addHook('onClose', async () => {
    await queue.close();
  });
  const serverAdapter = new FastifyAdapter().setBasePath(queueDashboardPath);
  createBullBoard({
    queues: [new BullMQAdapter(queue, { description: 'One job per due webhook delivery attempt' })],
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Comptoir queues' } },
  });
  await dashboard.register(serverAdapter.registerPlugin(), { prefix: queueDashboardPath });
  return dashboard;
}
