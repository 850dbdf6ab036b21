import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';

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
