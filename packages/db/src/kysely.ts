import type { EntityManager, InferKyselyDB, Kysely } from '@mikro-orm/postgresql';
import type { entities } from './entities.ts';

/**
 * The database as Kysely sees it, inferred from the entities (table names, snake_case
 * columns): queries get their types from the one description of the schema.
 */
export type Database = InferKyselyDB<(typeof entities)[number]>;

/**
 * A typed Kysely bound to `em`: inside a transaction it runs in that transaction, else on the
 * pool. Cheap to call per query (MikroORM hands back its own client).
 */
export function kysely(em: EntityManager): Kysely<Database> {
  return em.getKysely<Database>();
}
