import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceNodeFlags } from '@comptoir/config/runtime';
import { createTestDatabase, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess } from './harness.ts';

let db: TestDatabase;
const processes: ApiProcess[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await Promise.all(processes.map((api) => api.close()));
  await db.drop();
});

async function start(env: Record<string, string> = {}, nodeFlags: string[] = []): Promise<ApiProcess> {
  const api = await startApiProcess(db.url, env, nodeFlags);
  processes.push(api);
  return api;
}

const environmentOf = (pid: number) => readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');

describe('the API process', () => {
  it('runs with its own V8 flags and two malloc arenas, in the process it was started as', async () => {
    const api = await start();
    // Same pid as spawned (process.execve replaced the image), now with the flags on its command line.
    const commandLine = readFileSync(`/proc/${api.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toEqual(expect.arrayContaining([...serviceNodeFlags.api]));
    expect(commandLine).toContain('--no-maglev');
    expect(commandLine.at(-2)).toMatch(/apps\/api\/src\/main\.ts$/);
    expect(environmentOf(api.pid)).toContain('MALLOC_ARENA_MAX=2');
    expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);
    await api.close();
  });

  it("leaves an operator's own setting of an option alone, whichever spelling or form it takes", async () => {
    // V8 takes `_` for `-`, and `--maglev` sets the option `--no-maglev` clears.
    const api = await start({ NODE_OPTIONS: '--max_old_space_size=512' }, ['--maglev']);
    const commandLine = readFileSync(`/proc/${api.pid}/cmdline`, 'utf8').split('\0');
    // Only the option the operator did not set is added; theirs stay, unopposed.
    expect(commandLine).toContain('--max-semi-space-size=16');
    expect(commandLine.filter((flag) => /maglev|old.space/.test(flag))).toEqual(['--maglev']);
    expect(environmentOf(api.pid)).toContain('NODE_OPTIONS=--max_old_space_size=512');
    expect((await fetch(`${api.baseUrl}/healthz`)).status).toBe(200);
    await api.close();
  });

  it("fills Node's compile cache on a first start, then runs from it without stripping TypeScript", async () => {
    const temporary = await mkdtemp(join(tmpdir(), 'comptoir-api-'));
    const cacheDirectory = join(temporary, 'node-compile-cache');
    try {
      // An empty cache: the first load strips every module, fills the cache, and the process
      // starts again from it (same pid), which its environment tells.
      const first = await start({ TMPDIR: temporary });
      expect(environmentOf(first.pid)).toEqual(
        expect.arrayContaining([
          `NODE_COMPILE_CACHE=${cacheDirectory}`,
          'COMPTOIR_RESTARTED_FROM_COMPILE_CACHE=1',
        ]),
      );
      const [versionDirectory] = await readdir(cacheDirectory);
      expect((await readdir(join(cacheDirectory, versionDirectory as string))).length).toBeGreaterThan(100);
      await first.close();

      // A filled cache: every module comes from it, nothing is stripped, no second start.
      const second = await start({ TMPDIR: temporary });
      expect(environmentOf(second.pid)).toContain(`NODE_COMPILE_CACHE=${cacheDirectory}`);
      expect(environmentOf(second.pid)).not.toContain('COMPTOIR_RESTARTED_FROM_COMPILE_CACHE=1');
      expect((await fetch(`${second.baseUrl}/healthz`)).status).toBe(200);
      await second.close();
    } finally {
      await rm(temporary, { recursive: true, force: true });
    }
  });

  it('loads the API reference and the queue dashboard on their first request, not at start', async () => {
    const adminToken = 'runtime-test-admin-token';
    const preload = fileURLToPath(new URL('./support/report-loaded-modules.ts', import.meta.url));
    const api = await start({ NODE_OPTIONS: `--import=${preload}`, ADMIN_TOKEN: adminToken });
    const loaded = () => api.stderr().match(/^loaded-module .*$/gm) ?? [];
    // Serving the API does not need them.
    const list = await fetch(`${api.baseUrl}/api/v1/products`);
    expect(list.status).toBe(401);
    expect(loaded()).toEqual([]);

    const docs = await fetch(`${api.baseUrl}/docs`);
    expect(docs.status).toBe(200);
    expect(docs.headers.get('content-type')).toMatch(/text\/html/);
    expect(await docs.text()).toContain('/api/v1/openapi.json');
    const script = await fetch(`${api.baseUrl}/docs/js/scalar.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(1_000_000);
    expect(loaded().some((line) => line.includes('/@scalar/fastify-api-reference/'))).toBe(true);
    expect(loaded().some((line) => line.includes('/bullmq/'))).toBe(false);
    // A path the reference does not have answers with the API's own envelope.
    const missing = await fetch(`${api.baseUrl}/docs/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });

    // Refused before anything is loaded for it.
    expect((await fetch(`${api.baseUrl}/admin/queues`)).status).toBe(401);
    expect(loaded().some((line) => line.includes('/bullmq/'))).toBe(false);

    const dashboard = await fetch(`${api.baseUrl}/admin/queues`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('/admin/queues');
    expect(loaded().some((line) => line.includes('/@bull-board/api/'))).toBe(true);
    expect(loaded().some((line) => line.includes('/bullmq/'))).toBe(true);
    await api.close();
  });
});
