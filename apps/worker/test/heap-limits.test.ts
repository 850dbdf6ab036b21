import { readFileSync } from 'node:fs';
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
  it('runs with its own heap limits, in the process it was started as', async () => {
    const worker = await startWorker({ databaseUrl: db.url, redisUrl: inject('redisUrl') }, children);
    // Same pid as spawned (process.execve replaced the image), now with the limits on its command line.
    const commandLine = readFileSync(`/proc/${worker.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toEqual(
      expect.arrayContaining(['--max-semi-space-size=8', '--max-old-space-size=256']),
    );
    expect(commandLine.at(-2)).toMatch(/apps\/worker\/src\/main\.ts$/);
    expect(worker.exited()).toBe(false);
  });
});
