import Fastify, { type FastifyPluginAsync } from 'fastify';
import { loadedOnFirstRequest } from './loaded-on-first-request.ts';
import { restBasePath } from './rest.ts';

/**
 * The API reference (Scalar) at /docs, read from the served OpenAPI document. Scalar is loaded
 * on the first request to /docs (loaded-on-first-request.ts says why).
 */
export const docsPlugin: FastifyPluginAsync = async (app) => {
  loadedOnFirstRequest(app, '/docs', async () => {
    const { default: scalar } = await import('@scalar/fastify-api-reference');
    // Trailing slashes as the API's own router treats them (server.ts).
    const docs = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await docs.register(scalar, {
      routePrefix: '/docs',
      configuration: { url: `${restBasePath}/openapi.json`, title: 'Comptoir API' },
    });
    return docs;
  });
};
