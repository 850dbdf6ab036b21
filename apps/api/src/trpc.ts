import {
  type AppRouter,
  appRouter,
  createContext,
  resolveError,
  type ServerDependencies,
} from '@comptoir/trpc';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requestInfo } from './request-info.ts';

/**
 * tRPC at /trpc, for internal TypeScript callers: the same procedures, the contract's error
 * under `data.error`, the rate-limit headers, and a 401's challenge.
 */
export const trpcPlugin: FastifyPluginAsync<{ deps: ServerDependencies }> = async (app, { deps }) => {
  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req }: { req: FastifyRequest }) => createContext(deps, requestInfo(req, 'trpc')),
      responseMeta: ({ ctx, errors, type }) => {
        const headers: Record<string, string> = { ...(ctx?.response.headers ?? {}) };
        if (errors.length > 0) {
          const resolved = resolveError(errors[0], type === 'query' ? 'read' : 'write');
          if (resolved.status === 401) headers['WWW-Authenticate'] = 'Bearer';
        }
        return { headers };
      },
      onError: ({ error, ctx, type }) => {
        const resolved = resolveError(error, type === 'query' ? 'read' : 'write');
        if (resolved.unexpected)
          ctx?.log.error({ err: error, requestId: ctx.requestId }, 'unhandled error in procedure');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
};
