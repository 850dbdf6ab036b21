import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { loadBoard } from '../../../../components/opportunities/board-input.ts';
import { OpportunitiesScreen } from '../../../../components/opportunities/opportunities-screen.tsx';
import { BoardSkeleton } from '../../../../components/opportunities/skeleton.tsx';

/** The open sheet lives in the URL: a link to an opportunity opens it, Back closes it. */
const opportunitiesSearch = z.object({
  sheet: z.literal('new').optional().catch(undefined),
  opportunity: z.string().min(1).max(64).optional().catch(undefined),
});

export const Route = createFileRoute('/_authed/$workspaceId/opportunities/')({
  validateSearch: opportunitiesSearch,
  loader: ({ context }) => loadBoard(context.queryClient, context.trpc),
  pendingComponent: BoardSkeleton,
  pendingMs: 200,
  component: OpportunitiesRoute,
});

function OpportunitiesRoute() {
  return <OpportunitiesScreen search={Route.useSearch()} />;
}
