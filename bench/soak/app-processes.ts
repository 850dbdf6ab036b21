/**
 * The API and the worker as deployed (`node apps/<app>/src/main.ts`), each in its own process
 * with `--trace-gc`: V8 prints a line per collection on stdout, and a full (Mark-Compact) one
 * gives the live heap, which is what a leak makes grow (the sampled heap is a sawtooth between
 * them). Their pino lines at warn and above are passed on (the first 20) and counted.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { generateEncryptionKey } from '@comptoir/secrets';
import { freePort } from '@comptoir/testing';
import { repoRoot } from '../lib.ts';
import { apiSnapshotFlags } from './heap-snapshots.ts';

export interface MajorGc {
  /** performance.now() of this process when the line was read. */
  at: number;
  beforeMb: number;
  /** The live heap: what the full collection left. */
  afterMb: number;
}

export interface AppLogs {
  /** Lines logged at warn (40). */
  warn: number;
  /** Lines logged at error or above (50+), and lines that are not pino's. */
  error: number;
  first: string[];
}

export interface AppProcess {
  name: string;
  port: number;
  process: ChildProcess;
  logs: AppLogs;
  /** Full collections, from --trace-gc. */
  majorGcs: MajorGc[];
  stop(): Promise<void>;
}

/** `[pid:0x…]   1234 ms: <kind> …`: a --trace-gc line. */
const gcLine = /^\[\d+:0x[0-9a-f]+\]\s+\d+ ms: /;
const markCompact = /Mark-Compact(?: \(reduce\))? ([\d.]+) \([\d.]+\) -> ([\d.]+) \([\d.]+\) MB/;

const startedApps: AppProcess[] = [];
// If this process dies, the apps go with it.
process.once('exit', () => {
  for (const app of startedApps) {
    if (app.process.exitCode === null && app.process.signalCode === null) app.process.kill('SIGKILL');
  }
});

/** The worker (ready on /healthz), then the API (ready on /readyz), on free ports. */
export async function startApiAndWorker(
  databaseUrl: string,
  redisUrl: string,
): Promise<{ api: AppProcess; worker: AppProcess }> {
  const common = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    // One key for both: the API stores the signing secrets with it, the worker opens them.
    ENCRYPTION_KEY: generateEncryptionKey(),
  };
  const workerPort = await freePort();
  const worker = await startApp('worker', join(repoRoot, 'apps/worker/src/main.ts'), workerPort, '/healthz', {
    ...common,
    WORKER_PORT: String(workerPort),
  });
  const apiPort = await freePort();
  const api = await startApp(
    'api',
    join(repoRoot, 'apps/api/src/main.ts'),
    apiPort,
    '/readyz',
    { ...common, PORT: String(apiPort) },
    apiSnapshotFlags(),
  );
  return { api, worker };
}

/** Stops every app started (SIGTERM, then SIGKILL after 15 s). */
export async function stopStartedApps(): Promise<void> {
  await Promise.all(startedApps.map((app) => app.stop()));
}

/** `node --trace-gc <flags> <script>`, ready once `readyPath` on `port` answers 200. */
async function startApp(
  name: string,
  script: string,
  port: number,
  readyPath: string,
  env: Record<string, string>,
  nodeFlags: string[] = [],
): Promise<AppProcess> {
  const child = spawn(process.execPath, ['--trace-gc', ...nodeFlags, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const app: AppProcess = {
    name,
    port,
    process: child,
    logs: { warn: 0, error: 0, first: [] },
    majorGcs: [],
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
    },
  };
  readOutput(app);
  startedApps.push(app);
  await waitUntilReady(app, readyPath);
  return app;
}

/** Stdout: --trace-gc lines (full collections kept) and pino lines; stderr: errors. */
function readOutput(app: AppProcess): void {
  const child = app.process;
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    if (gcLine.test(line)) {
      const major = markCompact.exec(line);
      if (major)
        app.majorGcs.push({ at: performance.now(), beforeMb: Number(major[1]), afterMb: Number(major[2]) });
      return;
    }
    noteLogLine(app, line, pinoLevel(line));
  });
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) =>
    noteLogLine(app, line, 50),
  );
}

/** The pino level of `line`; a line that is not pino's counts as an error (50). */
function pinoLevel(line: string): number {
  try {
    return (JSON.parse(line) as { level?: number }).level ?? 50;
  } catch {
    return 50;
  }
}

/** Counts warnings and errors, and passes the first 20 on to stderr. */
function noteLogLine(app: AppProcess, line: string, level: number): void {
  if (level >= 50) app.logs.error += 1;
  else if (level >= 40) app.logs.warn += 1;
  else return;
  if (app.logs.first.length < 20) {
    app.logs.first.push(line.slice(0, 2000));
    process.stderr.write(`[${app.name}] ${line}\n`);
  }
}

async function waitUntilReady(app: AppProcess, readyPath: string): Promise<void> {
  const child = app.process;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${app.name} exited while starting`);
    const ok = await fetch(`http://127.0.0.1:${app.port}${readyPath}`, {
      signal: AbortSignal.timeout(2000),
    }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${app.name} not ready within 30 s`);
    await sleep(100);
  }
}
