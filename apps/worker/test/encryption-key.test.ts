import { spawnSync } from 'node:child_process';
import { repoRoot } from '@comptoir/testing';
import { describe, expect, it } from 'vitest';

// The API and the worker read the signing secrets' key at start: without a usable one they stop
// there, naming the variable and never showing what it held, instead of failing later at the
// first endpoint created or delivery signed.

const services = {
  api: `${repoRoot}apps/api/src/main.ts`,
  worker: `${repoRoot}apps/worker/src/main.ts`,
};

function start(entry: string, encryptionKey: string) {
  const result = spawnSync(process.execPath, [entry], {
    env: {
      ...process.env,
      // Never reached: the configuration is refused first.
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      REDIS_URL: 'redis://127.0.0.1:1',
      PORT: '0',
      WORKER_PORT: '0',
      ENCRYPTION_KEY: encryptionKey,
    },
    encoding: 'utf8',
    timeout: 30_000,
    killSignal: 'SIGKILL',
  });
  return { status: result.status, stderr: result.stderr };
}

describe.each(Object.entries(services))('the %s process', (_name, entry) => {
  it('refuses to start without ENCRYPTION_KEY, naming it', () => {
    const { status, stderr } = start(entry, '');
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
    expect(stderr).toMatch(/ENCRYPTION_KEY: ENCRYPTION_KEY is required: 32 random bytes in standard base64/);
  });

  it('refuses a malformed ENCRYPTION_KEY, naming it and not showing it', () => {
    const malformed = Buffer.from('sixteen byte key').toString('base64');
    const { status, stderr } = start(entry, malformed);
    expect(status).not.toBe(0);
    expect(status).not.toBeNull();
    expect(stderr).toMatch(/ENCRYPTION_KEY: ENCRYPTION_KEY must be 32 random bytes in standard base64/);
    expect(stderr).not.toContain(malformed);
  });
});
