import scalar from '@scalar/fastify-api-reference';
import type { FastifyPluginAsync } from 'fastify';
import { restBasePath } from './rest.ts';

/** The API reference (Scalar) at /docs, read from the served OpenAPI document. */
export const docsPlugin: FastifyPluginAsync = async (app) => {
  await app.register(scalar, {
    routePrefix: '/docs',
    configuration: { url: `${restBasePath}/openapi.json`, title: 'Comptoir API' },
  });
};
