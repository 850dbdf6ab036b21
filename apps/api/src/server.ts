import { randomBytes } from 'node:crypto';
import { createPeopleAuth, type PeopleAuth, sessionOf, type TargetPolicy } from '@comptoir/core';
import { kysely, type MikroORM } from '@comptoir/db';
import { createRenderPool, type RenderPool } from '@comptoir/documents';
import type { Keyring } from '@comptoir/secrets';
import {
  announceKeyRevocation,
  createKeyAdmission,
  createRedisKeyGate,
  defaultGateKeyPrefix,
  type ServerDependencies,
} from '@comptoir/trpc';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { Redis } from 'ioredis';
import { authPlugin } from './auth.ts';
import { docsPlugin } from './docs.ts';
import { einvoicingWebhooksPlugin } from './einvoicing-webhooks.ts';
import { handleErrors } from './error-handling.ts';
import {
  frameworkErrors,
  guardInput,
  maxBodyBytes,
  originFormUrl,
  writeClientError,
} from './input-guards.ts';
import { passwordResetSender } from './mail.ts';
import { type ApiMetrics, createApiMetrics } from './metrics.ts';
import { opsPlugin } from './ops.ts';
import { requestIdFor, traceRequests } from './request-hooks.ts';
import { restPlugin } from './rest.ts';
import { createSignInLimiter } from './sign-in-limit.ts';
import { trpcPlugin } from './trpc.ts';

export { restBasePath } from './rest.ts';

export interface ServerOptions {
  orm: MikroORM;
  redis: Redis;
  rateLimitPerMinute: number;
  publicBaseUrl: string;
  logger: FastifyBaseLogger;
  /**
   * Namespace of the API's Redis keys: rate-limit windows and the key revocation epoch (tests
   * give each file its own). Whoever revokes keys announces it under the same one.
   */
  redisKeyPrefix?: string;
  /** Which URLs webhook endpoints may have; public https ones only unless said otherwise. */
  webhookTargets?: TargetPolicy;
  /** Encrypts the secrets the API stores (webhook signing secrets): ENCRYPTION_KEY. */
  keyring: Keyring;
  /** Opens the queue dashboard at /admin/queues; without it the dashboard is off. */
  adminToken?: string | undefined;
  /**
   * People signing in (issue 33): the cookie's secret, other trusted origins, the sign-in limit.
   * Without it (a bench's server), a secret of this process's own: sessions end with it.
   */
  auth?: { secret: string; trustedOrigins: readonly string[]; signInPerMinute: number };
  /** How password reset links are sent: SMTP_URL, else (and without it) logged. */
  mail?: { smtpUrl: string | undefined; from: string };
}

/** The people settings of a server built without them: no other origin, the default limit. */
function authSettings(options: ServerOptions) {
  return (
    options.auth ?? { secret: randomBytes(32).toString('base64url'), trustedOrigins: [], signInPerMinute: 5 }
  );
}

/**
 * The API host: the hooks and handlers every route shares come first (request id and access
 * metrics, hostile-input guards, the error envelope), then the routes: REST, tRPC, docs, ops.
 */
export async function buildServer(
  options: ServerOptions,
): Promise<{ app: FastifyInstance; metrics: ApiMetrics }> {
  const metrics = createApiMetrics();
  const app = Fastify({
    loggerInstance: options.logger,
    frameworkErrors,
    clientErrorHandler: writeClientError,
    bodyLimit: maxBodyBytes,
    // One access line per request, at debug, from traceRequests' onResponse hook.
    logController: new LogController({ disableRequestLogging: true }),
    requestIdHeader: false,
    genReqId: requestIdFor,
    // A batched tRPC call names every procedure in one path parameter (`/trpc/a.get,b.get,…`):
    // Fastify's default limit of 100 characters turned a batch of 8 calls into a 404.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 8192 },
    rewriteUrl: (request) => originFormUrl(request.url),
  });
  // Half the cores render documents, at least one; the event loop keeps the others.
  const renderPool = createRenderPool();
  app.addHook('onClose', () => renderPool.close());
  const settings = authSettings(options);
  const auth = peopleAuth(options, settings);
  const deps = serverDependencies(options, app, metrics, renderPool, auth, settings.trustedOrigins);

  traceRequests(app, metrics);
  guardInput(app);
  handleErrors(app);

  const limiter = createSignInLimiter({
    redis: options.redis,
    perMinute: settings.signInPerMinute,
    keyPrefix: options.redisKeyPrefix ?? defaultGateKeyPrefix,
    onUnavailable: (error) =>
      app.log.error({ err: error }, 'Redis unavailable: sign-in attempt served without its limit'),
  });
  await app.register(authPlugin, { auth, limiter, publicBaseUrl: options.publicBaseUrl });

  await app.register(restPlugin, { deps, publicBaseUrl: options.publicBaseUrl });
  await app.register(trpcPlugin, { deps });
  await app.register(docsPlugin);
  await app.register(import('./web-app.ts'));
  await app.register(einvoicingWebhooksPlugin, { orm: options.orm, keyring: options.keyring });
  await app.register(opsPlugin, {
    orm: options.orm,
    redis: options.redis,
    metrics,
    adminToken: options.adminToken,
  });
  return { app, metrics };
}

/**
 * What the procedures need from the host: the ORM, key admission (its rate limit in Redis), the webhook target policy,
 * the keyring secrets are stored with, the document renderer (worker threads, so rendering never holds the event loop).
 */
/**
 * better-auth on the service's database, the origins trusted with a session cookie (the API's
 * own, and TRUSTED_ORIGINS), reset links sent or logged.
 */
function peopleAuth(options: ServerOptions, settings: ReturnType<typeof authSettings>): PeopleAuth {
  return createPeopleAuth({
    db: kysely(options.orm.em.fork()),
    secret: settings.secret,
    baseUrl: options.publicBaseUrl,
    trustedOrigins: settings.trustedOrigins,
    sendPasswordReset: passwordResetSender({
      smtpUrl: options.mail?.smtpUrl,
      from: options.mail?.from ?? 'Comptoir <no-reply@comptoir.invalid>',
      log: options.logger,
    }),
    log: options.logger,
  });
}

function serverDependencies(
  options: ServerOptions,
  app: FastifyInstance,
  metrics: ApiMetrics,
  renderPool: RenderPool,
  auth: PeopleAuth,
  trustedOrigins: readonly string[],
): ServerDependencies {
  const gate = createRedisKeyGate({
    redis: options.redis,
    defaultPerMinute: options.rateLimitPerMinute,
    ...(options.redisKeyPrefix ? { keyPrefix: options.redisKeyPrefix } : {}),
    onUnavailable: (error) => {
      metrics.rateLimiterUnavailable.inc();
      app.log.error(
        { err: error },
        'Redis unavailable: request served without a rate limit, its key verified in the database',
      );
    },
  });
  return {
    orm: options.orm,
    keyAdmission: createKeyAdmission({ gate }),
    webhookTargets: options.webhookTargets ?? { allowPrivateTargets: false },
    keyring: options.keyring,
    render: renderPool.render,
    people: {
      sessions: { sessionOf: (cookie) => sessionOf(auth, cookie) },
      trustedOrigins: new Set([new URL(options.publicBaseUrl).origin, ...trustedOrigins]),
      publicBaseUrl: options.publicBaseUrl,
      announceKeyRevocation: () =>
        announceKeyRevocation(options.redis, options.redisKeyPrefix ?? defaultGateKeyPrefix),
    },
  };
}
