import type { Database, EntityManager } from '@comptoir/db';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';

export interface ExplainedStatement {
  plan: string[];
  /** The plan's "Execution Time" in ms (NaN without ANALYZE). */
  executionMs: number;
}

/**
 * EXPLAIN (`options`) of every statement that `run` sends through the EntityManager it is given:
 * a stand-in whose Kysely explains each statement on `client` instead of running it (it answers
 * no rows). So what is explained is what the real use case sends, with its values.
 */
export async function explainStatements(
  client: pg.ClientBase,
  run: (em: EntityManager) => Promise<unknown>,
  options = 'analyze',
): Promise<ExplainedStatement[]> {
  const statements: ExplainedStatement[] = [];
  const explaining = {
    async query(text: string, values: unknown[]) {
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain (${options}) ${text}`, values);
      const plan = result.rows.map((row) => row['QUERY PLAN']);
      const executionMs = Number(/Execution Time: ([\d.]+)/.exec(plan.at(-1) ?? '')?.[1] ?? Number.NaN);
      statements.push({ plan, executionMs });
      return { rows: [], command: 'SELECT', rowCount: 0 };
    },
    release() {},
  };
  const explainer = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => explaining, end: async () => {} } as never }),
  });
  await run({ getKysely: () => explainer } as unknown as EntityManager);
  await explainer.destroy();
  return statements;
}
