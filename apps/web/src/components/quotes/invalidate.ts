import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../../trpc/client.ts';

/**
 * After any change to a quote: every quotes answer (list pages, details, timelines) is asked
 * again. A conversion also made an invoice, so the invoices' answers go too.
 */
export function useInvalidateQuotes(): (options?: { invoices?: boolean }) => Promise<void> {
  const queryClient = useQueryClient();
  return async (options = {}) => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.quotes.pathFilter()),
      options.invoices ? queryClient.invalidateQueries(trpc.invoices.pathFilter()) : undefined,
    ]);
  };
}
