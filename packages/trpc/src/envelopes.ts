import type { ListPage } from '@comptoir/core';
import { z } from 'zod';

// The contract's success envelopes (rulings: every 2xx body is wrapped in `data`; lists add
// `pagination`). Core returns records and pages; the transport wraps them.

export const paginationSchema = z
  .object({ total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .meta({ id: 'Pagination' });

export function listEnvelopeSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: paginationSchema });
}

export function recordEnvelopeSchema<T extends z.ZodType>(record: T) {
  return z.object({ data: record });
}

export function listEnvelope<T>(page: ListPage<T>) {
  return { data: page.items, pagination: { total: page.total, limit: page.limit, offset: page.offset } };
}
