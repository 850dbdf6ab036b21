import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import { entities } from './entities.ts';
import { type MigrationContext, withMigrationContext } from './migration-context.ts';
import { migrations } from './migrations/index.ts';

export interface OrmOptions {
  databaseUrl: string;
  /** Connections kept per process. */
  poolSize?: number;
  debug?: boolean;
}

/** One ORM per process. Libraries receive their options; nothing here reads the environment. */
export async function createOrm(options: OrmOptions): Promise<MikroORM> {
  return MikroORM.init({
    clientUrl: options.databaseUrl,
    entities,
    extensions: [Migrator],
    pool: { min: 0, max: options.poolSize ?? 10 },
    debug: options.debug ?? false,
    allowGlobalContext: false,
    migrations: {
      tableName: 'schema_migrations',
      migrationsList: migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      silent: true,
    },
  });
}

/**
 * Applies every pending migration, in one transaction; returns the names it applied. `context`
 * is what a migration may need beyond SQL (the keyring of one that encrypts existing values).
 */
export async function migrate(orm: MikroORM, context: MigrationContext = {}): Promise<string[]> {
  const applied = await withMigrationContext(orm.config, context, () => orm.migrator.up());
  return applied.map((migration) => migration.name);
}

export async function pendingMigrations(orm: MikroORM): Promise<string[]> {
  return (await orm.migrator.getPending()).map((migration) => migration.name);
}
