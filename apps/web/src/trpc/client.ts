import type { AppRouter } from '@comptoir/trpc';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';

/**
 * The workspace every call acts in, taken from the URL by the workspace layout: each tab reads
 * its own, so two tabs on two workspaces never mix their calls.
 */
let workspaceId: string | undefined;

/** Makes `id` the workspace of the calls to come; true when it was another one before. */
export function actInWorkspace(id: string): boolean {
  const switched = workspaceId !== undefined && workspaceId !== id;
  workspaceId = id;
  return switched;
}

/** The HTTP status of a failed call, as the API's error formatter reports it. */
export function httpStatusOf(error: unknown): number | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data: unknown = error.data;
  if (
    typeof data === 'object' &&
    data !== null &&
    'httpStatus' in data &&
    typeof data.httpStatus === 'number'
  )
    return data.httpStatus;
  return undefined;
}

let onSessionGone: () => void = () => {};

/** What to do when a call finds the session gone (expired, or ended elsewhere): main.tsx sends the person to sign in. */
export function whenSessionGone(handler: () => void): void {
  onSessionGone = handler;
}

const sessionGone = (error: unknown) => {
  if (httpStatusOf(error) === 401) onSessionGone();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: sessionGone }),
  mutationCache: new MutationCache({ onError: sessionGone }),
  defaultOptions: {
    queries: {
      staleTime: 2 * 60_000,
      // A refusal will not change on a retry; a network hiccup may.
      retry: (failures, error) => {
        const status = httpStatusOf(error);
        return failures < 2 && (status === undefined || status >= 500);
      },
    },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [
    httpBatchLink({
      url: '/trpc',
      headers: () => (workspaceId === undefined ? {} : { 'x-comptoir-workspace': workspaceId }),
    }),
  ],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

export type Trpc = typeof trpc;
