import { useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useErrorMessage } from '../../forms/error-messages.ts';
import { trpc } from '../../trpc/client.ts';
import { useToast } from '../ui/toast.tsx';
import type { OpportunityCard } from './board-input.ts';
import { invalidateOpportunities } from './invalidate.ts';
import { cachedCard, moveInCache, restoreOpportunities, snapshotOpportunities } from './move-cache.ts';
import { type OpportunityStatus, useOpportunityStatusLabels } from './statuses.ts';

/**
 * Moves a card to another column at once (a stage change is reversible, so it is optimistic):
 * the lists are written before the server answers; a refusal puts them back as they were and
 * says why in a toast; once no other change is in flight, the lists are asked again (an
 * earlier move's answer never overwrites a later one's optimistic card).
 */
export function useMoveOpportunity(): (card: OpportunityCard, status: OpportunityStatus) => void {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const toast = useToast();
  const errorMessage = useErrorMessage();
  const labels = useOpportunityStatusLabels();
  const { mutate } = useMutation(
    trpc.opportunities.update.mutationOptions({
      onMutate: async ({ id, status }) => {
        await queryClient.cancelQueries(trpc.opportunities.pathFilter());
        const snapshot = snapshotOpportunities(queryClient);
        const card = cachedCard(queryClient, id);
        if (card !== undefined && status !== undefined) moveInCache(queryClient, card, status);
        return { snapshot, title: card?.title ?? '' };
      },
      onError: (error, { status }, context) => {
        if (context !== undefined) restoreOpportunities(queryClient, context.snapshot);
        const title = context?.title ?? '';
        const column = status === undefined ? '' : labels[status];
        const reason = errorMessage(error);
        toast(t`« ${title} » n’a pas pu passer en « ${column} » : ${reason}`, 'error');
      },
      onSettled: () => {
        if (queryClient.isMutating({ mutationKey: trpc.opportunities.update.mutationKey() }) === 1)
          void invalidateOpportunities(queryClient);
      },
    }),
  );
  // Stable, so the board's cards (memoised) are not drawn again on every render.
  return useCallback(
    (card, status) => {
      if (card.status !== status) mutate({ id: card.id, status });
    },
    [mutate],
  );
}
