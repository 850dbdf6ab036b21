import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serviceNodeFlags } from '@comptoir/config/runtime';
import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Child, killChildren, startWorker } from './processes.ts';

const children = new Set<Child>();
let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await killChildren(children);
  await db.drop();
});

describe('the worker process', () => {
  it('runs with its own V8 flags and two malloc arenas, in the process it was started as', async () => {
    const worker = await startWorker({ databaseUrl: db.url, redisUrl: inject('redisUrl') }, children);
    // Same pid as spawned (process.execve replaced the image), now with the flags on its command line.
    const commandLine = readFileSync(`/proc/${worker.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toEqual(expect.arrayContaining([...serviceNodeFlags.worker]));
    expect(commandLine.at(-2)).toMatch(/apps\/worker\/src\/main\.ts$/);
    // glibc's arenas, capped in the environment the process was replaced with.
    expect(readFileSync(`/proc/${worker.pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
    expect(worker.exited()).toBe(false);
  });

  it("fills Node's compile cache on a first start, then runs from it without stripping TypeScript", async () => {
    const temporary = await mkdtemp(join(tmpdir(), 'comptoir-worker-'));
    const cacheDirectory = join(temporary, 'node-compile-cache');
    const environmentOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
    const options = { databaseUrl: db.url, redisUrl: inject('redisUrl'), env: { TMPDIR: temporary } };
    try {
      // An empty cache: the first load strips every module, fills the cache, and the process
      // starts again from it (same pid), which its environment tells.
      const first = await startWorker(options, children);
      expect(environmentOf(first.pid)).toEqual(
        expect.arrayContaining([
          `NODE_COMPILE_CACHE=${cacheDirectory}`,
          'COMPTOIR_RESTARTED_FROM_COMPILE_CACHE=1',
        ]),
      );
      // One directory per Node version, an entry per module (stripped source, V8 code cache).
      const [versionDirectory] = await readdir(cacheDirectory);
      const entries = await readdir(join(cacheDirectory, versionDirectory as string));
      expect(entries.length).toBeGreaterThan(100);
      await first.kill();

      // A filled cache: every module comes from it, nothing is stripped, no second start.
      const second = await startWorker(options, children);
      expect(environmentOf(second.pid)).toContain(`NODE_COMPILE_CACHE=${cacheDirectory}`);
      expect(environmentOf(second.pid)).not.toContain('COMPTOIR_RESTARTED_FROM_COMPILE_CACHE=1');
      await second.kill();
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
  });
});
