import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readOptional } from '@comptoir/config';
import { dropDatabase, resolvePostgres, type Service } from '@comptoir/local-services';
import { DatabaseSchema, type MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseOnly, databaseOnly } from '../src/entities/database-only.ts';
import { createOrm, migrate } from '../src/orm.ts';

// The entities are the one description of the schema, the migrations are reviewed SQL: this
// migrates an empty database with the real migrations and asserts that MikroORM's schema
// generator finds nothing to change between the entities and that database, once what only the
// database can hold (src/entities/database-only.ts) is set aside by name.
//
// Not @comptoir/testing's template database: @comptoir/testing depends on this package.

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let postgres: Service;
let adminUrl: string;
let databaseName: string;
let orm: MikroORM;

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  postgres = await resolvePostgres({
    explicitUrl: readOptional('DATABASE_URL'),
    tryLocal: true,
    dataDir: `${repoRoot}.data/postgres-test`,
    port: 54339,
    log: (message) => console.log(`[test services] ${message}`),
  });
  adminUrl = postgres.url;
  databaseName = `comptoir_schema_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database "${databaseName}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  orm = await createOrm({ databaseUrl: url.toString(), poolSize: 2 });
  await migrate(orm);
});

afterAll(async () => {
  await orm?.close(true);
  if (databaseName) {
    await dropDatabase(adminUrl, databaseName);
  }
  await postgres?.stop();
});

/**
 * The migrated database as MikroORM reads it, functions included. DatabaseSchema is what
 * getUpdateSchemaSQL reads itself (marked internal in MikroORM: an upgrade that moves it fails
 * here loudly, it cannot pass silently); it is read here so the listed objects can be set aside.
 */
async function readDatabase(): Promise<DatabaseSchema> {
  const connection = orm.em.getConnection();
  const platform = orm.em.getPlatform();
  const schema = await DatabaseSchema.create(connection, platform, orm.config);
  await schema.loadRoutines(connection, platform, [schema.name]);
  await correctIndexColumnOrder(schema);
  return schema;
}

/**
 * MikroORM 7.2.1 reads an index column's DESC from the text of pg_get_indexdef with an unanchored
 * pattern: in `(workspace_id, created_at DESC, id DESC)` it finds `id` inside `workspace_id` and
 * reports `id` ascending, so every such index would look changed. This sets each column's order
 * from the catalog (pg_index.indoption) instead; it skips nothing.
 */
async function correctIndexColumnOrder(schema: DatabaseSchema): Promise<void> {
  const rows = await orm.em.getConnection().execute<{ table: string; index: string; options: string }[]>(
    `select t.relname as "table", i.relname as "index", x.indoption::text as "options"
       from pg_index x
       join pg_class i on i.oid = x.indexrelid
       join pg_class t on t.oid = x.indrelid
      where t.relnamespace = current_schema()::regnamespace`,
  );
  for (const row of rows) {
    const table = schema.getTable(row.table);
    const index = table?.getIndexes().find((candidate) => candidate.keyName === row.index);
    if (!index || index.expression || index.primary) continue;
    const options = row.options.split(' ').map(Number);
    const columns = index.columnNames.map((name, position) => {
      const option = options[position] ?? 0;
      const descending = (option & 1) === 1;
      const nullsFirst = (option & 2) === 2;
      return {
        name,
        ...(descending ? { sort: 'DESC' as const } : {}),
        // only an order other than the default for the direction is spelled out
        ...(nullsFirst !== descending ? { nulls: nullsFirst ? ('FIRST' as const) : ('LAST' as const) } : {}),
      };
    });
    if (columns.some((column) => 'sort' in column || 'nulls' in column)) index.columns = columns;
    else delete index.columns;
  }
}

/** Takes the listed objects out of what was read of the database; returns those it did not find. */
function setAside(schema: DatabaseSchema, list: readonly DatabaseOnly[]): DatabaseOnly[] {
  const missing: DatabaseOnly[] = [];
  for (const entry of list) {
    const table = entry.table === undefined ? undefined : schema.getTable(entry.table);
    let found = false;
    if (entry.kind === 'function') {
      const routines = schema.getRoutines();
      const position = routines.findIndex((routine) => routine.name === entry.name);
      if (position >= 0) {
        routines.splice(position, 1);
        found = true;
      }
    } else if (table && entry.kind === 'index') {
      const indexes = table.getIndexes();
      found = indexes.some((index) => index.keyName === entry.name);
      table.setIndexes(indexes.filter((index) => index.keyName !== entry.name));
    } else if (table && entry.kind === 'foreignKey') {
      const { [entry.name]: foreignKey, ...rest } = table.getForeignKeys();
      found = foreignKey !== undefined;
      table.setForeignKeys(rest);
    } else if (table && entry.kind === 'trigger') {
      const triggers = table.getTriggers();
      found = triggers.some((trigger) => trigger.name === entry.name);
      table.setTriggers(triggers.filter((trigger) => trigger.name !== entry.name));
    }
    if (!found) missing.push(entry);
  }
  return missing;
}

describe('entities and migrations', () => {
  it('the migrated database has every object the database-only list names', async () => {
    const missing = setAside(await readDatabase(), databaseOnly);
    expect(missing.map((entry) => `${entry.kind} ${entry.table ?? ''} ${entry.name}`)).toEqual([]);
  });

  it('MikroORM finds nothing to change between the entities and the migrated database', async () => {
    const fromSchema = await readDatabase();
    setAside(fromSchema, databaseOnly);
    const sql = await orm.schema.getUpdateSchemaSQL({ fromSchema, wrap: false });
    // the statements that would turn the migrated database into what the entities describe
    expect(sql.trim()).toBe('');
  });
});
