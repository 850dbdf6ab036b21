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

export const paginationSchema = z
  .object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'Pagination' });

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

export function recordEnvelopeSchema<T extends z.ZodType>(record: T) {
  return z.object({ data: record });
}

export interface ListResult<T> {
  data: T[];
  pagination: { total: number; limit: number; offset: number };
}

/** Query strings carry booleans as text: only `true` and `false` are accepted. */
export const queryBoolean = z.stringbool({ truthy: ['true'], falsy: ['false'] });

/** Escapes LIKE wildcards so a search for `50%` means the characters 5, 0 and %. */
export function likeContains(text: string): string {
  const clean = [...text].filter((char) => char.charCodeAt(0) >= 0x20).join('');
  return `%${clean.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * One round trip for a page and its total: `count(*) over ()` counts the filtered rows
 * before `limit`. Past the last page no row carries the total, so it is counted apart.
 */
export async function pageWithTotal<Row extends object>(
  em: {
    execute<T>(sql: string, params: unknown[]): Promise<T>;
  },
  query: { select: string; from: string; where: string; params: unknown[]; orderBy: string },
  page: Page,
): Promise<{ rows: Row[]; total: number }> {
  const rows = await em.execute<(Row & { total: string })[]>(
    `select ${query.select}, count(*) over () as total from ${query.from} where ${query.where}
      order by ${query.orderBy} limit ? offset ?`,
    [...query.params, page.limit, page.offset],
  );
  if (rows[0]) return { rows, total: Number(rows[0].total) };
  if (page.offset === 0) return { rows, total: 0 };
  const [count] = await em.execute<{ total: string }[]>(
    `select count(*) as total from ${query.from} where ${query.where}`,
    query.params,
  );
  return { rows, total: Number(count?.total ?? 0) };
}
