import { z } from 'zod';

export const productsPageSize = 20;

/** Which products the list shows by how their stock is kept: every one, tracked or untracked. */
export const trackingSchema = z.enum(['tracked', 'untracked']);
export type Tracking = z.infer<typeof trackingSchema>;

export interface ProductsListSearch {
  q?: string | undefined;
  tracking?: Tracking | undefined;
  page?: number | undefined;
}

/** What `products.list` is asked for one page of the list, as the route's loader and the screen share it. */
export function productsListInput({ q, tracking, page = 1 }: ProductsListSearch) {
  return {
    ...(q === undefined || q.trim() === '' ? {} : { q }),
    ...(tracking === undefined
      ? {}
      : { trackStock: tracking === 'tracked' ? ('true' as const) : ('false' as const) }),
    limit: productsPageSize,
    offset: (page - 1) * productsPageSize,
  };
}
