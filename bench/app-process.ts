import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from '@comptoir/testing';
import { repoRoot } from './lib.ts';

export interface AppProcess {
  /** http://127.0.0.1:<port>, also its PUBLIC_BASE_URL: the origin a session's calls carry. */
  baseUrl: string;
  process: ChildProcess;
  /** SIGTERM, then wait for the exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/**
 * The API as production starts it (`node apps/api/src/main.ts`: its V8 flags, the compile cache,
 * sessions, the app's build at /app), on 127.0.0.1 and a free port, ready once /readyz answers
 * (its database and Redis reached). Its stderr goes to ours, prefixed with `name`.
 */
export async function startAppProcess(
  name: string,
  env: { DATABASE_URL: string; REDIS_URL: string } & Record<string, string>,
  timeoutMs = 120_000,
): Promise<AppProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [join(repoRoot, 'apps/api/src/main.ts')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: 'warn',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (line) =>
    process.stderr.write(`[${name}] ${line}\n`),
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A bench that fails half-way leaves no API behind.
  const orphaned = () => child.kill('SIGKILL');
  process.once('exit', orphaned);
  void exited.then(() => process.off('exit', orphaned));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited (code ${child.exitCode}) before it was ready`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, process: child, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} was not ready within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
