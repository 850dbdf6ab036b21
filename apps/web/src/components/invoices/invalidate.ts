import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';

/** After any invoice change: every invoices query (lists, details, histories, timelines) is asked again. */
export function invalidateInvoices(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries(trpc.invoices.pathFilter());
}
