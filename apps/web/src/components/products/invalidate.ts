import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { trpc } from '../../trpc/client.ts';

/**
 * After any write to a product or its stock: the lists, the product's page and the ledger are
 * asked again (a movement changes a product's quantity and state, an edit its row).
 */
export function useInvalidateProducts(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.products.pathFilter()),
      queryClient.invalidateQueries(trpc.stockMovements.pathFilter()),
    ]);
  }, [queryClient]);
}
