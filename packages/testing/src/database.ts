import { randomBytes } from 'node:crypto';
import { createOrm, type MikroORM } from '@comptoir/db';
import pg from 'pg';
import { inject } from 'vitest';
import './provided.ts';

export interface TestDatabase {
  url: string;
  name: string;
  orm: MikroORM;
  drop(): Promise<void>;
}

/**
 * Waits, up to two seconds, until no session is connected to `database`. pg-pool's `end()`
 * resolves as soon as it has asked its clients to end, before their backends have exited: a
 * `drop database … with (force)` right then terminates them, and the FATAL it sends reaches a
 * client that no pool listens to any more, an uncaught error in whichever test file is running.
 * Sessions still there after the wait (a killed child's) are the force's to end.
 */
async function sessionsGone(admin: pg.Client, database: string): Promise<void> {
  const deadline = Date.now() + 2000;
  while (Date.now() < deadline) {
    const { rows } = await admin.query<{ sessions: number }>(
      'select count(*)::int as sessions from pg_stat_activity where datname = $1',
      [database],
    );
    if ((rows[0]?.sessions ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A fresh database for one test file, cloned from the migrated template in a few ms. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('adminDatabaseUrl');
  const template = inject('templateDatabase');
  const name = `comptoir_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${template}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const orm = await createOrm({ databaseUrl: url.toString(), poolSize: 20 });
  return {
    url: url.toString(),
    name,
    orm,
    async drop() {
      await orm.close(true);
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      try {
        await sessionsGone(cleanup, name);
        await cleanup.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** A Redis key prefix of its own per test file, so files never share counters. */
export function testRedisPrefix(): string {
  return `comptoir-test:${randomBytes(4).toString('hex')}`;
}
