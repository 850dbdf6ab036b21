import type { InvoiceStatus } from './status-labels.ts';

export const invoicesPageSize = 20;

/** What `invoices.list` is asked for one page of the list, as the route's loader and the screen share it. */
export function invoicesListInput(status: InvoiceStatus | undefined, page: number, q?: string) {
  return {
    ...(status === undefined ? {} : { status }),
    ...(q === undefined || q.trim() === '' ? {} : { q: q.trim() }),
    limit: invoicesPageSize,
    offset: (page - 1) * invoicesPageSize,
  };
}
