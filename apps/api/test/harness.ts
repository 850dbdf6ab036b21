import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { factories } from '@comptoir/core/factories';
import {
  createTestDatabase,
  freePort,
  type TestDatabase,
  testEncryptionKey,
  testKeyring,
  testRedisPrefix,
} from '@comptoir/testing';
import { announceKeyRevocation } from '@comptoir/trpc';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { inject } from 'vitest';
import { apiRedisOptions } from '../src/redis.ts';
import { buildServer } from '../src/server.ts';

export interface TestApi {
  baseUrl: string;
  db: TestDatabase;
  make: ReturnType<typeof factories>;
  logs: object[];
  /** Tells the server that keys were revoked, as `key revoke` does after the database commit. */
  announceRevocation(): Promise<void>;
  /** fetch relative to the server, with JSON helpers. */
  request(path: string, init?: RequestInit & { json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  rateLimitPerMinute?: number;
  /** A Redis URL to use instead of the test Redis (e.g. one that does not answer). */
  redisUrl?: string;
  adminToken?: string;
  allowPrivateWebhookTargets?: boolean;
  /** Sign-in attempts per minute per e-mail and per address (default 1000: tests sign in often). */
  signInPerMinute?: number;
  /** Origins trusted with a session cookie besides the API's own (`publicOrigin`). */
  trustedOrigins?: string[];
  /** PUBLIC_BASE_URL (default `publicOrigin`). */
  publicBaseUrl?: string;
}

/** The API's public origin in tests (PUBLIC_BASE_URL): the origin a session's mutations must carry. */
export const publicOrigin = 'http://127.0.0.1';

/** Boots the real API on an ephemeral port, on a fresh database, and talks HTTP to it. */
export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const db = await createTestDatabase();
  const redis = new Redis(options.redisUrl ?? inject('redisUrl'), {
    ...apiRedisOptions,
    ...(options.redisUrl ? { retryStrategy: () => 1000 } : {}),
  });
  redis.on('error', () => {});
  if (!options.redisUrl) await new Promise((resolve) => redis.once('ready', resolve));
  const logs: object[] = [];
  const redisKeyPrefix = testRedisPrefix();
  const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(JSON.parse(line) as object) });
  const { app } = await buildServer({
    orm: db.orm,
    redis,
    rateLimitPerMinute: options.rateLimitPerMinute ?? 10_000,
    publicBaseUrl: options.publicBaseUrl ?? publicOrigin,
    logger,
    redisKeyPrefix,
    webhookTargets: { allowPrivateTargets: options.allowPrivateWebhookTargets ?? false },
    keyring: testKeyring(),
    adminToken: options.adminToken,
    auth: {
      secret: randomBytes(32).toString('base64url'),
      trustedOrigins: options.trustedOrigins ?? [],
      signInPerMinute: options.signInPerMinute ?? 1000,
    },
    mail: { smtpUrl: undefined, from: 'Comptoir <no-reply@comptoir.invalid>' },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    baseUrl,
    db,
    make: factories(db.orm),
    logs,
    announceRevocation: () => announceKeyRevocation(redis, redisKeyPrefix),
    request(path, init = {}) {
      const { json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (json !== undefined) headers.set('content-type', 'application/json');
      return fetch(`${baseUrl}${path}`, {
        ...rest,
        headers,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      });
    },
    async close() {
      await app.close();
      redis.disconnect();
      await db.drop();
    },
  };
}

export interface ApiProcess {
  baseUrl: string;
  pid: number;
  /** What the process wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Another API process (`node apps/api/src/main.ts`) on the same database, as in production;
 * `env` adds to its environment.
 */
export async function startApiProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  nodeFlags: string[] = [],
): Promise<ApiProcess> {
  const port = await freePort();
  const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
  const child = spawn(process.execPath, [...nodeFlags, main], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: inject('redisUrl'),
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      ENCRYPTION_KEY: testEncryptionKey(),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Ready, not only alive: its database and Redis answer (a first start also strips TypeScript
  // and restarts from the compile cache).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API process exited (${child.exitCode}): ${stderr}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API process was not ready within 30 s: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    pid: child.pid as number,
    stderr: () => stderr,
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
