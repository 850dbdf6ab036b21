import type { AppRouter } from '@comptoir/trpc';
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';

export interface ComptoirClientOptions {
  /** Base URL of the API, e.g. `http://127.0.0.1:3000` (the client adds `/trpc`). */
  url: string;
  apiKey: string;
}

/** The typed client internal TypeScript apps use: the same procedures as the REST API, over tRPC. */
export function createComptoirClient(options: ComptoirClientOptions) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${options.url.replace(/\/$/, '')}/trpc`,
        headers: () => ({ authorization: `Bearer ${options.apiKey}` }),
      }),
    ],
  });
}

export type ComptoirClient = ReturnType<typeof createComptoirClient>;
export type ComptoirInputs = inferRouterInputs<AppRouter>;
export type ComptoirOutputs = inferRouterOutputs<AppRouter>;

/** The contract's error object carried by a failed call (`code`, `message`, `details`). */
export interface ComptoirErrorBody {
  code: string;
  message: string;
  details?: { path: string; message: string }[];
}

export function comptoirErrorOf(error: unknown): (ComptoirErrorBody & { httpStatus: number }) | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  const data = error.data as { error?: ComptoirErrorBody; httpStatus?: number } | undefined;
  return data?.error ? { ...data.error, httpStatus: data.httpStatus ?? 0 } : undefined;
}
