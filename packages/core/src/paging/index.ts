import { z } from 'zod';

/**
 * A whole number from a query string (`"20"`) or a JSON input (`20`). Only digits are read as a
 * number: z.coerce would take `" "` for 0, and `[5]` or `true` for numbers.
 */
function queryInteger(name: string, bounds: z.ZodNumber) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^[+-]?\d+(\.\d+)?$/.test(value) ? Number(value) : value),
    bounds.int({ error: `${name} must be an integer` }),
  );
}

/** The preprocessed schema loses `.default()` in the OpenAPI document: say it there. */
function documentedDefault(value: number) {
  return ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
    jsonSchema.default = value;
  };
}

/** `limit` and `offset` of every list (api-v1.md section 8), parsed from query strings. */
export const pageQueryShape = {
  limit: queryInteger(
    'limit',
    z
      .number({ error: 'limit must be an integer' })
      .min(1, { error: 'limit must be at least 1' })
      .max(100, { error: 'limit must be at most 100' }),
  )
    .default(20)
    .meta({ description: 'Page size, 1 to 100.', override: documentedDefault(20) }),
  offset: queryInteger(
    'offset',
    z.number({ error: 'offset must be an integer' }).min(0, { error: 'offset must be 0 or more' }),
  )
    .default(0)
    .meta({ description: 'Records to skip.', override: documentedDefault(0) }),
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

/** Query strings carry booleans as text: only `true` and `false` are accepted (and documented). */
export const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

/** The characters of `q` a search looks for: control characters are left out. */
export function searchedText(text: string): string {
  return [...text].filter((char) => char.charCodeAt(0) >= 0x20).join('');
}

/** Escapes LIKE wildcards so a search for `50%` means the characters 5, 0 and %. */
export function likeContains(text: string): string {
  return `%${searchedText(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
