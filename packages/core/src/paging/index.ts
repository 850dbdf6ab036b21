import { z } from 'zod';

/** `limit` and `offset` of every list (api-v1.md section 8), parsed from query strings. */
export const pageQueryShape = {
  limit: z.coerce
    .number({ error: 'limit must be an integer' })
    .int({ error: 'limit must be an integer' })
    .min(1, { error: 'limit must be at least 1' })
    .max(100, { error: 'limit must be at most 100' })
    .default(20)
    .meta({ description: 'Page size, 1 to 100.' }),
  offset: z.coerce
    .number({ error: 'offset must be an integer' })
    .int({ error: 'offset must be an integer' })
    .min(0, { error: 'offset must be 0 or more' })
    .default(0)
    .meta({ description: 'Records to skip.' }),
};

export interface Page {
  limit: number;
  offset: number;
}

/** One page of a list: its items and the total the filters match. */
export interface ListPage<T> {
  items: T[];
  total: number;
  limit: number;
  offset: number;
}

/** Query strings carry booleans as text: only `true` and `false` are accepted. */
export const queryBoolean = z.stringbool({ truthy: ['true'], falsy: ['false'] });

/** Escapes LIKE wildcards so a search for `50%` means the characters 5, 0 and %. */
export function likeContains(text: string): string {
  const clean = [...text].filter((char) => char.charCodeAt(0) >= 0x20).join('');
  return `%${clean.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * A list page and its total in one round trip: `count(*) over ()` counts the filtered rows
 * before `limit`. Past the last page no row carries the total, so it is counted apart.
 */
export async function listPage<Row extends object, Item>(
  em: {
    execute<T>(sql: string, params: unknown[]): Promise<T>;
  },
  query: { select: string; from: string; where: string; params: unknown[]; orderBy: string },
  page: Page,
  view: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const rows = await em.execute<(Row & { total: string })[]>(
    `select ${query.select}, count(*) over () as total from ${query.from} where ${query.where}
      order by ${query.orderBy} limit ? offset ?`,
    [...query.params, page.limit, page.offset],
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (!rows[0] && page.offset > 0) {
    const [count] = await em.execute<{ total: string }[]>(
      `select count(*) as total from ${query.from} where ${query.where}`,
      query.params,
    );
    total = Number(count?.total ?? 0);
  }
  return { items: rows.map(view), total, limit: page.limit, offset: page.offset };
}

/**
 * `column = ?` assignments for the fields a patch gives (undefined means "leave as is").
 * Numbers go to PostgreSQL as text, so NUMERIC columns never see a binary float.
 */
export function assignments<Columns extends Record<string, string>>(
  patch: Partial<Record<keyof Columns, unknown>>,
  columns: Columns,
): { sets: string[]; params: unknown[] } {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const field of Object.keys(columns) as (keyof Columns)[]) {
    const value = patch[field];
    if (value === undefined) continue;
    sets.push(`${columns[field]} = ?`);
    params.push(typeof value === 'number' ? String(value) : value);
  }
  return { sets, params };
}
