import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  assertReachableByPostgresUser,
  dropDatabase,
  ensureDatabase,
  MissingServiceError,
  redisAnswers,
  resolvePostgres,
  resolveRedis,
} from '../src/index.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const scratch = mkdtempSync(join(tmpdir(), 'comptoir-services-'));
// Like a checkout: readable by others (the embedded server runs as "postgres" under root).
chmodSync(scratch, 0o755);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const log = () => {};

describe('Redis', () => {
  it('uses REDIS_URL as given', async () => {
    const service = await resolveRedis({ explicitUrl: 'redis://elsewhere:6379', port: 1, log });
    expect(service).toMatchObject({ url: 'redis://elsewhere:6379', source: 'REDIS_URL' });
  });

  it('starts a local redis-server when nothing answers, and stops it', async () => {
    const port = await freePort();
    const service = await resolveRedis({ localUrl: `redis://127.0.0.1:${await freePort()}`, port, log });
    expect(service.url).toBe(`redis://127.0.0.1:${port}`);
    const client = new Redis(service.url);
    expect(await client.ping()).toBe('PONG');
    client.disconnect();
    await service.stop();
    // Gone once stop() resolves: a caller may exit right after, leaving nothing running.
    expect(await redisAnswers(service.url)).toBe(false);
  });

  it('says exactly how to get Redis when there is none', async () => {
    const path = process.env.PATH;
    process.env.PATH = scratch;
    try {
      const attempt = resolveRedis({
        localUrl: `redis://127.0.0.1:${await freePort()}`,
        port: await freePort(),
        log,
      });
      await expect(attempt).rejects.toBeInstanceOf(MissingServiceError);
      await expect(attempt).rejects.toThrow(
        /apt-get install redis-server[\s\S]*brew install redis[\s\S]*REDIS_URL/,
      );
    } finally {
      process.env.PATH = path;
    }
  });
});

describe('PostgreSQL', () => {
  it('explains when the data folder is out of the postgres user’s reach (embedded under root)', () => {
    const closed = mkdtempSync(join(tmpdir(), 'comptoir-closed-'));
    try {
      expect(() => assertReachableByPostgresUser(join(closed, 'pg'))).toThrow(
        /not searchable by other users[\s\S]*DATABASE_URL/,
      );
      expect(() => assertReachableByPostgresUser(join(scratch, 'pg'))).not.toThrow();
    } finally {
      rmSync(closed, { recursive: true, force: true });
    }
  });

  it('drops a database once its sessions have left, and ends those that stay', async () => {
    const server = await resolvePostgres({
      tryLocal: true,
      dataDir: join(scratch, 'postgres'),
      port: await freePort(),
      log,
    });
    const exists = async (name: string) => {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      try {
        return (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
      } finally {
        await admin.end();
      }
    };
    const name = `comptoir_drop_${process.pid}`;
    try {
      // A pool's end() resolves before its backends exit. The drop waits for a session that is
      // leaving instead of terminating it (its client would get a FATAL nobody listens to).
      const leaving = new pg.Client({ connectionString: await ensureDatabase(server.url, name) });
      const leavingErrors: Error[] = [];
      leaving.on('error', (error) => leavingErrors.push(error));
      await leaving.connect();
      const left = new Promise((resolve) => setTimeout(resolve, 300)).then(() => leaving.end());
      await dropDatabase(server.url, name);
      await left;
      expect(await exists(name)).toBe(false);
      expect(leavingErrors).toEqual([]);

      // A session that never leaves is ended by the force, after the wait.
      const stays = new pg.Client({ connectionString: await ensureDatabase(server.url, name) });
      const ended = new Promise<Error & { code?: string }>((resolve) => stays.on('error', resolve));
      await stays.connect();
      await dropDatabase(server.url, name);
      expect(await exists(name)).toBe(false);
      expect((await ended).code).toBe('57P01');
    } finally {
      await dropDatabase(server.url, name);
      await server.stop();
    }
  }, 30_000);

  it('runs an embedded cluster when there is no DATABASE_URL, and reuses its data', async () => {
    const dataDir = join(scratch, 'postgres');
    const port = await freePort();
    const first = await resolvePostgres({ tryLocal: false, dataDir, port, log });
    expect(first.source).toMatch(/embedded PostgreSQL/);
    const url = await ensureDatabase(first.url, 'comptoir_embedded_check');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('create table kept (value text)');
    await client.query("insert into kept values ('still here')");
    await client.end();
    await first.stop();

    const second = await resolvePostgres({ tryLocal: false, dataDir, port, log });
    const again = new pg.Client({
      connectionString: await ensureDatabase(second.url, 'comptoir_embedded_check'),
    });
    await again.connect();
    expect((await again.query('select value from kept')).rows).toEqual([{ value: 'still here' }]);
    await again.end();
    await second.stop();
  }, 120_000);
});
