import { readDatabaseConfig, readOptional } from '@comptoir/config';
import { createOrm, type MikroORM } from '@comptoir/db';
import { CliError } from './output.ts';

export async function withOrm<T>(work: (orm: MikroORM) => Promise<T>): Promise<T> {
  if (readOptional('DATABASE_URL') === undefined) {
    throw new CliError(
      'DATABASE_URL is not set. Point it at PostgreSQL, e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/comptoir (`./run start` sets everything up by itself).',
    );
  }
  const orm = await createOrm({ databaseUrl: readDatabaseConfig().url, poolSize: 4 });
  try {
    return await work(orm);
  } finally {
    await orm.close();
  }
}
