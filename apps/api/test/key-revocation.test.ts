import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { factories } from '@comptoir/core/factories';
import { createTestDatabase, repoRoot, type TestDatabase } from '@comptoir/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type ApiProcess, startApiProcess } from './harness.ts';
import { bearer, expectError } from './support/index.ts';

// Issue 16: API processes keep the keys they verified in memory, and learn of a revocation in
// the Redis round trip that counts the request. This runs the API and the CLI as they are
// deployed, as separate processes, to show that a request sent after `key revoke` returns is
// refused by every API process.

let db: TestDatabase;
const apis: ApiProcess[] = [];

const environment = (extra: Record<string, string>) => ({
  ...process.env,
  DATABASE_URL: db.url,
  REDIS_URL: inject('redisUrl'),
  LOG_LEVEL: 'warn',
  ...extra,
});

/** `cli key revoke`, in its own process; resolves with its exit code once it has returned. */
async function revokeWithCli(keyId: string): Promise<number | null> {
  const child = spawn(process.execPath, [`${repoRoot}apps/cli/src/main.ts`, 'key', 'revoke', keyId], {
    env: environment({}),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

beforeAll(async () => {
  db = await createTestDatabase();
  apis.push(...(await Promise.all([startApiProcess(db.url), startApiProcess(db.url)])));
}, 60_000);

afterAll(async () => {
  await Promise.all(apis.map((api) => api.close()));
  await db.drop();
});

describe('key revocation across API processes', () => {
  it('refuses, in every process, the first request sent after `key revoke` returns', async () => {
    const make = factories(db.orm);
    const workspace = await make.workspace();
    const revoked = await make.key(workspace.id, ['read:products']);
    const kept = await make.key(workspace.id, ['read:products']);
    // Each process verifies both keys, then serves them from memory.
    for (const { baseUrl } of apis) {
      for (let i = 0; i < 3; i++) {
        for (const key of [revoked, kept]) {
          const response = await fetch(`${baseUrl}/api/v1/products`, { headers: bearer(key.key) });
          expect(response.status).toBe(200);
        }
      }
    }

    expect(await revokeWithCli(revoked.id)).toBe(0);

    for (const { baseUrl } of apis) {
      await expectError(
        await fetch(`${baseUrl}/api/v1/products`, { headers: bearer(revoked.key) }),
        401,
        'revoked_key',
      );
      const trpc = await fetch(`${baseUrl}/trpc/products.list?input=%7B%7D`, {
        headers: bearer(revoked.key),
      });
      expect(trpc.status).toBe(401);
      expect((await fetch(`${baseUrl}/api/v1/products`, { headers: bearer(kept.key) })).status).toBe(200);
    }
  }, 60_000);
});
