import { type ChildProcess, spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { freePort, redisAnswers, testEncryptionKey } from '@comptoir/testing';

/**
 * Real processes for fault tests: a private redis-server, the worker and the API, each a child
 * of the test process. Every child started here is killed with SIGKILL by `killChildren`, and
 * (as a last resort) when the test process exits.
 */
export interface Child {
  name: string;
  pid: number;
  /** The last output of the child (stdout and stderr), for failure messages. */
  output(): string;
  /** True once the process has exited. */
  exited(): boolean;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
}

const everyChild = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of everyChild)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function launch(
  name: string,
  command: string,
  args: string[],
  env: Record<string, string>,
  owner: Set<Child>,
): Child {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  everyChild.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exit = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  child.once('exit', () => everyChild.delete(child));
  if (child.pid === undefined) throw new Error(`${name} could not be started`);
  const handle: Child = {
    name,
    pid: child.pid,
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    async kill() {
      if (!handle.exited()) child.kill('SIGKILL');
      await exit;
      owner.delete(handle);
    },
  };
  owner.add(handle);
  return handle;
}

async function waitUntilReady(child: Child, ready: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exited()) throw new Error(`${child.name} exited while starting:\n${child.output()}`);
    if (await ready().catch(() => false)) return;
    if (Date.now() > deadline) {
      await child.kill();
      throw new Error(`${child.name} not ready within ${timeoutMs} ms:\n${child.output()}`);
    }
    await sleep(50);
  }
}

/** Kills (SIGKILL) every child of `owner` and waits for their exits. */
export async function killChildren(owner: Set<Child>): Promise<void> {
  await Promise.all([...owner].map((child) => child.kill()));
}

/** A private redis-server without persistence: once killed, its data is gone. */
export async function startRedis(port: number, owner: Set<Child>): Promise<Child> {
  const child = launch(
    `redis-server :${port}`,
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', tmpdir()],
    {},
    owner,
  );
  await waitUntilReady(child, () => redisAnswers(`redis://127.0.0.1:${port}`));
  return child;
}

const httpOk = async (url: string) => (await fetch(url)).ok;

/** The real worker process (`node apps/worker/src/main.ts`), ready once its /healthz answers 200. */
export async function startWorker(
  options: {
    databaseUrl: string;
    redisUrl: string;
    retrySchedule?: string;
    lifecycleSweepInterval?: string;
    /** More environment variables for the process (e.g. TMPDIR). */
    env?: Record<string, string>;
  },
  owner: Set<Child>,
): Promise<Child> {
  const port = await freePort();
  const child = launch(
    `worker :${port}`,
    process.execPath,
    [fileURLToPath(new URL('../src/main.ts', import.meta.url))],
    {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      HOST: '127.0.0.1',
      WORKER_PORT: String(port),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_RETRY_SCHEDULE: options.retrySchedule ?? '1s,1s,1s',
      ...(options.lifecycleSweepInterval ? { LIFECYCLE_SWEEP_INTERVAL: options.lifecycleSweepInterval } : {}),
      LOG_LEVEL: 'warn',
      ENCRYPTION_KEY: testEncryptionKey(),
      ...options.env,
    },
    owner,
  );
  await waitUntilReady(child, () => httpOk(`http://127.0.0.1:${port}/healthz`));
  return child;
}

/** The real API process (`node apps/api/src/main.ts`), ready once its /healthz answers 200. */
export async function startApi(
  options: { databaseUrl: string; redisUrl: string },
  owner: Set<Child>,
): Promise<Child & { baseUrl: string }> {
  const port = await freePort();
  const child = launch(
    `api :${port}`,
    process.execPath,
    [fileURLToPath(new URL('../../api/src/main.ts', import.meta.url))],
    {
      DATABASE_URL: options.databaseUrl,
      REDIS_URL: options.redisUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      RATE_LIMIT_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      ENCRYPTION_KEY: testEncryptionKey(),
    },
    owner,
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilReady(child, () => httpOk(`${baseUrl}/healthz`));
  return { ...child, baseUrl };
}
