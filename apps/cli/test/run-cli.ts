import { spawn, spawnSync } from 'node:child_process';
import { repoRoot, testEncryptionKey } from '@comptoir/testing';
import { inject } from 'vitest';

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The last line of stdout (a `--json` result). */
  last: string;
}

/**
 * Runs the CLI as an operator does, in its own process, with the run's ENCRYPTION_KEY (as the
 * API and the worker of the tests have it; `env` may unset it with ''). Bounded: a CLI that never exits is
 * killed after 60 s and fails its test with a null status, instead of holding the whole test
 * run (spawnSync blocks the test's process, so vitest's own timeout cannot end it).
 */
export function runCli(args: string[], databaseUrl: string, env: Record<string, string> = {}): CliRun {
  const result = spawnSync(process.execPath, [`${repoRoot}apps/cli/src/main.ts`, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: inject('redisUrl'),
      ENCRYPTION_KEY: testEncryptionKey(),
      ...env,
    },
    encoding: 'utf8',
    timeout: 60_000,
    killSignal: 'SIGKILL',
  });
  const lines = result.stdout.trim().split('\n');
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    last: lines[lines.length - 1] ?? '',
  };
}

/**
 * runCli without blocking the test's process: for a command that calls a server the test runs
 * itself (a local platform), which could not answer while spawnSync holds the event loop.
 */
export function runCliAsync(
  args: string[],
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<CliRun> {
  const child = spawn(process.execPath, [`${repoRoot}apps/cli/src/main.ts`, ...args], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: inject('redisUrl'),
      ENCRYPTION_KEY: testEncryptionKey(),
      ...env,
    },
    timeout: 60_000,
    killSignal: 'SIGKILL',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status) => {
      const lines = stdout.trim().split('\n');
      resolve({ status, stdout, stderr, last: lines[lines.length - 1] ?? '' });
    });
  });
}
