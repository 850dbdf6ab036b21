import { readFileSync } from 'node:fs';
import { serviceHeapLimits } from '@comptoir/config/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiProcess, startApiProcess, startTestApi, type TestApi } from './harness.ts';

// The API as deployed (`node apps/api/src/main.ts`): its V8 heap limits and compile cache are
// set by the process itself (packages/config/src/runtime.ts), whatever starts it.

let api: TestApi;
let child: ApiProcess;

beforeAll(async () => {
  api = await startTestApi();
  child = await startApiProcess(api.db.url);
});
afterAll(async () => {
  await child.close();
  await api.close();
});

describe('the API process', () => {
  it('runs with its heap limits and the compile cache, in the process it was started as', async () => {
    // Same pid as spawned (process.execve replaced the image), now with the limits on its command line.
    const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
    expect(commandLine).toEqual(expect.arrayContaining([...serviceHeapLimits.api]));
    expect(commandLine.at(-2)).toMatch(/apps\/api\/src\/main\.ts$/);
    const environment = readFileSync(`/proc/${child.pid}/environ`, 'utf8').split('\0');
    expect(environment.some((entry) => entry.startsWith('NODE_COMPILE_CACHE='))).toBe(true);
    expect((await fetch(`${child.baseUrl}/healthz`)).status).toBe(200);
  });
});
