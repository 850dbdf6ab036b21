export type { EntityManager } from '@mikro-orm/postgresql';
export { MikroORM } from '@mikro-orm/postgresql';
export * from './entities.ts';
export * from './ids.ts';
export { createOrm, migrate, type OrmOptions, pendingMigrations } from './orm.ts';
export { preparedRead } from './prepared.ts';
export type { SqlPart } from './sql.ts';
export { inTransaction } from './transaction.ts';
export { toDate, toIso, toIsoOrNull } from './values.ts';
