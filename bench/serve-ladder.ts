/**
 * Decomposition servers for the analysis (`BENCH_LADDER=1 pnpm bench`): bare Fastify calling the
 * real `listProducts` / `getProduct` through MikroORM, plus, one by one, the layers the API adds in front of it.
 * Each rung is the previous one plus one layer, so the difference in throughput between two
 * rungs is the cost of that layer; the full API adds tRPC + trpc-to-openapi + the server hooks.
 *
 *   --layers=            MikroORM em.execute instead of pg (listProducts itself)
 *   --layers=auth        + authenticate() (API key lookup query) and requireScope()
 *   --layers=auth,rl     the API's key admission instead: keys verified once, then one Redis
 *                        call per request (rate limit + revocation epoch)
 *   --layers=auth,rl,zod + input parse and output validation with the procedure's Zod schemas
 *
 * Settings: --database-url, --redis-url, --workspace-id, --port, --redis-key-prefix (or env).
 */
import {
  authenticate,
  getProduct,
  listProducts,
  type ProductListQuery,
  productListQuerySchema,
  productSchema,
  requireScope,
} from '@comptoir/core';
import { createOrm } from '@comptoir/db';
// The API's own limiter. @comptoir/trpc is not a dependency of bench, hence the source path.
import {
  createKeyAdmission,
  createRedisKeyGate,
  listEnvelope,
  listEnvelopeSchema,
  recordEnvelopeSchema,
} from '@comptoir/trpc';
import Fastify, { type FastifyReply } from 'fastify';
import { Redis } from 'ioredis';
import { readSetting, requireSetting, serveUntilSignal } from './lib.ts';

const databaseUrl = requireSetting('database-url');
const workspaceId = requireSetting('workspace-id');
const port = Number(readSetting('port') ?? 0);
const layers = new Set((readSetting('layers') ?? '').split(',').filter((layer) => layer !== ''));
for (const layer of layers) {
  if (!['auth', 'rl', 'zod'].includes(layer)) throw new Error(`unknown layer ${layer}`);
}
if (layers.has('rl') && !layers.has('auth')) throw new Error('layer rl needs auth (it limits the key)');

const orm = await createOrm({ databaseUrl, poolSize: 10 });
let redis: Redis | undefined;
let keyAdmission: ReturnType<typeof createKeyAdmission> | undefined;
if (layers.has('rl')) {
  redis = new Redis(requireSetting('redis-url'), { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  await new Promise<void>((resolve) => redis?.once('ready', () => resolve()));
  const gate = createRedisKeyGate({
    redis,
    defaultPerMinute: 600,
    keyPrefix: readSetting('redis-key-prefix') ?? 'comptoir-bench:ladder',
    onUnavailable: (error) => console.error('rate limiter unavailable', error),
  });
  keyAdmission = createKeyAdmission({ gate });
}
const listOutputSchema = listEnvelopeSchema(productSchema);
const recordOutputSchema = recordEnvelopeSchema(productSchema);

interface RawQuery {
  limit?: string;
  offset?: string;
  q?: string;
}

const app = Fastify({ logger: false });

/** The layers in front of the procedure: the workspace to scope by, or false when refused. */
async function guard(
  em: ReturnType<typeof orm.em.fork>,
  authorization: string | undefined,
  reply: FastifyReply,
): Promise<string | false> {
  if (!layers.has('auth')) return workspaceId;
  if (keyAdmission) {
    const { principal, decision } = await keyAdmission.admit(em, authorization, 'read:products', () => {});
    if (decision) {
      reply.headers({
        'RateLimit-Limit': String(decision.limit),
        'RateLimit-Remaining': String(decision.remaining),
        'RateLimit-Reset': String(decision.resetSeconds),
        'RateLimit-Policy': `${decision.limit};w=60`,
      });
      if (!decision.allowed) {
        reply.code(429).send({ error: { code: 'rate_limited' } });
        return false;
      }
    }
    return principal.workspaceId;
  }
  const principal = await authenticate(em, authorization);
  requireScope(principal, 'read:products');
  return principal.workspaceId;
}

app.get<{ Querystring: RawQuery }>('/products', async (request, reply) => {
  const em = orm.em.fork();
  const scopedWorkspace = await guard(em, request.headers.authorization, reply);
  if (scopedWorkspace === false) return reply;
  let query: ProductListQuery;
  if (layers.has('zod')) {
    query = productListQuerySchema.parse(request.query);
  } else {
    const raw = request.query;
    query = {
      limit: raw.limit === undefined ? 20 : Number(raw.limit),
      offset: raw.offset === undefined ? 0 : Number(raw.offset),
      ...(raw.q === undefined ? {} : { q: raw.q }),
    };
  }
  const result = listEnvelope(await listProducts(em, scopedWorkspace, query));
  return layers.has('zod') ? listOutputSchema.parse(result) : result;
});

app.get<{ Params: { id: string } }>('/products/:id', async (request, reply) => {
  const em = orm.em.fork();
  const scopedWorkspace = await guard(em, request.headers.authorization, reply);
  if (scopedWorkspace === false) return reply;
  const result = { data: await getProduct(em, scopedWorkspace, request.params.id) };
  return layers.has('zod') ? recordOutputSchema.parse(result) : result;
});

await serveUntilSignal(app, port, async () => {
  await orm.close();
  redis?.disconnect();
});
