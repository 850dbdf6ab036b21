import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';
import { invalidateDashboard } from '../dashboard/queries.ts';

/**
 * After any change to a quote: every quotes answer (list pages, details, timelines) is asked
 * again, the dashboard's (its quotes awaiting an answer) and the opportunities' (sending a quote
 * moves its opportunity to QUOTE_SENT, converting it wins it). A conversion also made an
 * invoice, so the invoices' answers go too.
 */
export function useInvalidateQuotes(): (options?: { invoices?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  return async (options = {}) => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.quotes.pathFilter()),
      queryClient.invalidateQueries(trpc.opportunities.pathFilter()),
      invalidateDashboard(queryClient),
      options.invoices ? queryClient.invalidateQueries(trpc.invoices.pathFilter()) : undefined,
    ]);
  };
}
