import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readEncryptionConfig, readOptional } from '@comptoir/config';
import { createOrm, migrate } from '@comptoir/db';
import { generateEncryptionKey } from '@comptoir/secrets';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './provided.ts';
import { repoRoot, resolveTestServices } from './services.ts';

/** The template's name changes with the migrations, so a stale template is never reused. */
function templateName(): string {
  // The template holds what the migrations build; the entities are proven equal to it.
  const hash = createHash('sha256').update(readFileSync(`${repoRoot}packages/db/src/migrations/index.ts`));
  for (const file of readFileSync(`${repoRoot}packages/db/src/migrations/index.ts`, 'utf8').matchAll(
    /'\.\/(.+?\.ts)'/g,
  )) {
    hash.update(readFileSync(`${repoRoot}packages/db/src/migrations/${file[1]}`));
  }
  return `comptoir_template_${hash.digest('hex').slice(0, 12)}`;
}

function withDatabase(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Builds the migrated template once per machine; concurrent runs wait on an advisory lock. */
async function ensureTemplate(adminUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(727274)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${name}_building"`).catch(async () => {
        await admin.query(`drop database "${name}_building"`);
        await admin.query(`create database "${name}_building"`);
      });
      const orm = await createOrm({ databaseUrl: withDatabase(adminUrl, `${name}_building`), poolSize: 2 });
      await migrate(orm);
      await orm.close();
      await admin.query(`alter database "${name}_building" rename to "${name}"`);
      await admin.query(`alter database "${name}" with is_template true`);
    }
  } finally {
    await admin.query('select pg_advisory_unlock(727274)').catch(() => {});
    await admin.end();
  }
}

/**
 * The run's ENCRYPTION_KEY: the one set (checked as the services check it), else a fresh one, so
 * no test depends on a key of the machine. Test files reach it with testKeyring() and
 * testEncryptionKey(), and pass it to the processes they start.
 */
function encryptionKey(log: (message: string) => void): string {
  const given = readOptional('ENCRYPTION_KEY');
  if (given !== undefined) {
    readEncryptionConfig({ ENCRYPTION_KEY: given });
    return given;
  }
  log('ENCRYPTION_KEY unset: generated a key for this run');
  return generateEncryptionKey();
}

export default async function setup(project: TestProject) {
  const { postgres, redis } = await resolveTestServices((message) =>
    console.log(`[test services] ${message}`),
  );
  const name = templateName();
  await ensureTemplate(postgres.url, name);
  project.provide('adminDatabaseUrl', postgres.url);
  project.provide('templateDatabase', name);
  project.provide('redisUrl', redis.url);
  project.provide(
    'encryptionKey',
    encryptionKey((message) => console.log(`[test services] ${message}`)),
  );
  return async () => {
    await redis.stop();
    await postgres.stop();
  };
}
