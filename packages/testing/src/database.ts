import { randomBytes } from 'node:crypto';
import { createOrm, type MikroORM } from '@comptoir/db';
import { dropDatabase } from '@comptoir/local-services';
import pg from 'pg';
import { inject } from 'vitest';
import './provided.ts';

export interface TestDatabase {
  url: string;
  name: string;
  orm: MikroORM;
  drop(): Promise<void>;
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
      await dropDatabase(adminUrl, name);
    },
  };
}

/** A Redis key prefix of its own per test file, so files never share counters. */
export function testRedisPrefix(): string {
  return `comptoir-test:${randomBytes(4).toString('hex')}`;
}
