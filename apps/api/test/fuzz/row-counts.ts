import type { TestApi } from '../harness.ts';

export type RowCounts = Record<string, number>;

/**
 * The number of rows of every table of the test database (the events outbox and idempotency
 * keys included), read in one statement. The tables come from information_schema, once.
 */
export function rowCounter(api: TestApi): () => Promise<RowCounts> {
  let statement: string | undefined;
  return async () => {
    const em = api.db.orm.em.fork();
    if (!statement) {
      const tables = await em.execute<{ table_name: string }[]>(
        `select table_name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      );
      statement = `select ${tables
        .map(({ table_name }) => `(select count(*) from "${table_name}")::int as "${table_name}"`)
        .join(', ')}`;
    }
    const [row] = await em.execute<RowCounts[]>(statement);
    return row ?? {};
  };
}

/** Tables whose row count changed, `table: before -> after`. */
export function changedTables(before: RowCounts, after: RowCounts): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[table] !== after[table]) changed[table] = `${before[table]} -> ${after[table]}`;
  }
  return changed;
}
