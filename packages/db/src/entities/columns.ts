import { p } from '@mikro-orm/core';

// Column shapes shared by the entities. Every table's columns are text, never varchar(n): the
// lengths the API accepts are checked by the zod schemas, not by the column type.

/** `id text primary key`: prefixed ids made by `newId` (ids.ts). */
export const id = () => p.text().primary();

/** `timestamptz not null default now()`; set by the ORM too when it inserts the row. */
export const createdAt = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date());

/** As createdAt, and refreshed by the ORM on every update it flushes. */
export const updatedAt = () =>
  p
    .datetime()
    .defaultRaw('now()')
    .onCreate(() => new Date())
    .onUpdate(() => new Date());

// Money and quantities are NUMERIC, mapped to strings: decimal arithmetic happens in code,
// never in binary floating point (rulings: "Money and quantities never drift").

/** numeric(18, 4): quantities, unit prices and costs. */
export const quantity = () => p.decimal('string').precision(18).scale(4);

/** numeric(18, 2): document amounts and totals, rounded to the cent. */
export const money = () => p.decimal('string').precision(18).scale(2);

/** numeric(7, 4): percentages (tax rates, discounts). */
export const percent = () => p.decimal('string').precision(7).scale(4);

/**
 * The index behind a workspace's newest-first list: `(workspace_id, [status,] created_at desc,
 * id desc)`, the order every list endpoint pages in.
 */
export const newestFirst = (name: string, ...leading: string[]) => ({
  name,
  columns: [
    { name: 'workspaceId' },
    ...leading.map((property) => ({ name: property })),
    { name: 'createdAt', sort: 'desc' as const },
    { name: 'id', sort: 'desc' as const },
  ],
});

/**
 * Text a list's `q` searches: a stored generated column, `expression` folded with comptoir_fold
 * (unaccent + lower), under a trigram index (Migration20261124000600_search_columns). Written as
 * PostgreSQL prints the expression back, so the schema comparison sees no change. Nullable as
 * the column is (a generated column has no NOT NULL), which also keeps it out of typed inserts.
 * The API never reads it: it exists for the index and the index's recheck.
 */
export const searchColumn = (expression: string) => p.text().nullable().generated(`(${expression}) stored`);
