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
