import {
  appRouter,
  buildOpenApiDocument,
  createRestHandler,
  procedureMetas,
  type ServerDependencies,
} from '@comptoir/trpc';
import type { FastifyPluginAsync } from 'fastify';
import { labelRoute } from './request-hooks.ts';
import { requestInfo } from './request-info.ts';

export const restBasePath = '/api/v1';

export interface RestPluginOptions {
  deps: ServerDependencies;
  publicBaseUrl: string;
}

/**
 * REST: the same procedures, through trpc-to-openapi, under /api/v1, and the OpenAPI document
 * at /api/v1/openapi.json. Requests are counted under the procedure's route template.
 */
export const restPlugin: FastifyPluginAsync<RestPluginOptions> = async (app, options) => {
  const openApiDocument = buildOpenApiDocument({ baseUrl: `${options.publicBaseUrl}${restBasePath}` });
  const openApiJson = JSON.stringify(openApiDocument);
  app.get(`${restBasePath}/openapi.json`, async (_request, reply) =>
    reply.type('application/json').send(openApiJson),
  );

  const routeLabels = new Map<string, string>();
  for (const [path, meta] of procedureMetas(appRouter)) {
    if (meta.openapi) routeLabels.set(path, `${restBasePath}${meta.openapi.path}`);
  }
  const handleRest = createRestHandler(options.deps);
  app.route({
    method: ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'],
    url: `${restBasePath}/*`,
    // trpc-to-openapi answers HEAD with 204 before authentication: HEAD is not served.
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const result = await handleRest(
        {
          method: request.method,
          url: request.url.slice(restBasePath.length) || '/',
          headers: request.headers,
          body: request.body,
          raw: request.raw,
          rawResponse: reply.raw,
        },
        requestInfo(request, 'rest'),
      );
      const label = result.procedure ? routeLabels.get(result.procedure) : undefined;
      if (label) labelRoute(request, label);
      if (result.unexpectedError) {
        request.log.error(
          { err: result.unexpectedError, requestId: request.id },
          'unhandled error in procedure',
        );
      }
      reply.headers(result.headers);
      if (result.status === 401) reply.header('WWW-Authenticate', 'Bearer');
      if (result.status === 304) return reply.code(304).send();
      return reply
        .code(result.status)
        .type(result.contentType ?? 'application/json')
        .send(result.body);
    },
  });
};
