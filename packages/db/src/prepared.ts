import { createHash } from 'node:crypto';
import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';
import type { RawBuilder } from 'kysely';
import { kysely } from './kysely.ts';

/**
 * Runs a hot, fixed read as a named prepared statement on the ORM's own `pg` pool: PostgreSQL
 * parses and plans it once per connection instead of on every call. Only for reads made
 * outside a transaction (the statement runs on whichever pooled connection is free).
 * `text` uses $1, $2 placeholders.
 */
export async function preparedRead<T>(
  em: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  if (em.isInTransaction()) throw new Error(`preparedRead(${name}) cannot join a transaction`);
  const pool = await (em.getConnection() as PostgreSqlConnection).getNativeClient();
  const result = await pool.query({ name, text, values });
  return result.rows as T[];
}

const statementNames = new Map<string, string>();

/**
 * Runs a compiled Kysely statement that commits on its own (no transaction) as a named prepared
 * statement, named after its text: a statement whose text is the same on every call (its
 * variable parts are parameters, e.g. rows as one JSON parameter) is then parsed and planned
 * once per pooled connection. For hot writes made outside a transaction, like preparedRead.
 */
export async function preparedStatement<T>(
  em: EntityManager,
  query: { sql: string; parameters: readonly unknown[] },
): Promise<T[]> {
  let name = statementNames.get(query.sql);
  if (name === undefined) {
    name = `comptoir_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
    statementNames.set(query.sql, name);
  }
  return preparedRead<T>(em, name, query.sql, [...query.parameters]);
}

/**
 * Runs a raw statement whose text is the same on every call: alone, as a named prepared
 * statement (preparedStatement: planned once per pooled connection); inside a transaction, on
 * the transaction's connection as it is.
 */
export async function runStatement<T>(em: EntityManager, statement: RawBuilder<T>): Promise<T[]> {
  const db = kysely(em);
  if (em.isInTransaction()) return (await statement.execute(db)).rows;
  return preparedStatement<T>(em, statement.compile(db));
}
