import { AppError } from '@comptoir/core';
import {
  type AppRouter,
  appRouter,
  createContext,
  resolveError,
  type ServerDependencies,
} from '@comptoir/trpc';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { bodyText } from './input-guards.ts';
import { requestInfo } from './request-info.ts';

/**
 * tRPC at /trpc, for internal TypeScript callers: the same procedures, the contract's error
 * under `data.error`, the rate-limit headers, and a 401's challenge. Mounted on a route of our
 * own rather than with fastifyTRPCPlugin, whose JSON parser reads bodies as lenient UTF-8 (a
 * body that is not UTF-8 reached procedures as U+FFFD): here bodies are strict UTF-8, as on REST.
 */
export const trpcPlugin: FastifyPluginAsync<{ deps: ServerDependencies }> = async (app, { deps }) => {
  const trpcOptions = {
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
  } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
  // tRPC reads the JSON text itself (a body already parsed would be written out again, and a
  // deeply nested one could not be); only the strict decoding is ours.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => {
    const text = bodyText(body);
    if (text instanceof AppError) done(text, undefined);
    else done(null, text);
  });
  app.all<{ Params: { path: string } }>('/trpc/:path', (req, res) =>
    fastifyRequestHandler({ ...trpcOptions, req, res, path: req.params.path }),
  );
};
