/**
 * The baseline: bare Fastify + pg (a plain pg.Pool), no authentication, no rate limit, no
 * validation, no tRPC: what the framework layers are measured against.
 *
 * The routes call the real `listProducts` / `getProduct` (and `listContacts` / `listCompanies`, for
 * bench/search.ts) of @comptoir/core with a stand-in for the
 * EntityManager whose `getKysely` is a Kysely on a plain pg.Pool. The statements (page, total,
 * filter) and the row mapping (productView) are therefore exactly the API's, by construction,
 * and follow any change to them; MikroORM and everything above are not on the path. Prints
 * `{"listening":<port>}` on stdout when ready.
 *
 *   node bench/serve-bare.ts --database-url=postgres://… --workspace-id=wks_… [--port=0]
 *   (or DATABASE_URL, WORKSPACE_ID, PORT in the environment)
 */
import { getProduct, listCompanies, listContacts, listProducts } from '@comptoir/core';
import type { Database, EntityManager } from '@comptoir/db';
import { listEnvelope } from '@comptoir/trpc';
import Fastify from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { readSetting, requireSetting, serveUntilSignal } from './lib.ts';

const databaseUrl = requireSetting('database-url');
const workspaceId = requireSetting('workspace-id');
const port = Number(readSetting('port') ?? 0);

// Same pool size as the ORM (createOrm default 10), and the same type parsing as MikroORM's pg
// connection: timestamps stay text (productView converts them), numerics stay text.
const types = new pg.TypeOverrides();
for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (value: string) => value);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types });

/** All listProducts and getProduct use of the EntityManager: `getKysely()` (core's `kysely(em)`). */
const onPool = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
const pgOnly = { getKysely: () => onPool } as unknown as EntityManager;

interface ListQuery {
  limit?: string;
  offset?: string;
  q?: string;
  trackStock?: string;
  supplierId?: string;
}

const app = Fastify({ logger: false });

app.get<{ Querystring: ListQuery }>('/products', async (request) => {
  const query = request.query;
  const page = await listProducts(pgOnly, workspaceId, {
    limit: query.limit === undefined ? 20 : Number(query.limit),
    offset: query.offset === undefined ? 0 : Number(query.offset),
    ...(query.q === undefined ? {} : { q: query.q }),
    ...(query.supplierId === undefined ? {} : { supplierId: query.supplierId }),
    ...(query.trackStock === undefined ? {} : { trackStock: query.trackStock === 'true' }),
  });
  return listEnvelope(page);
});

app.get<{ Params: { id: string } }>('/products/:id', async (request) => ({
  data: await getProduct(pgOnly, workspaceId, request.params.id),
}));

/** limit, offset and q of a contacts or companies list, as the procedures parse them. */
const pageOf = (query: ListQuery) => ({
  limit: query.limit === undefined ? 20 : Number(query.limit),
  offset: query.offset === undefined ? 0 : Number(query.offset),
  ...(query.q === undefined ? {} : { q: query.q }),
});

app.get<{ Querystring: ListQuery }>('/contacts', async (request) =>
  listEnvelope(await listContacts(pgOnly, workspaceId, pageOf(request.query))),
);

app.get<{ Querystring: ListQuery }>('/companies', async (request) =>
  listEnvelope(await listCompanies(pgOnly, workspaceId, pageOf(request.query))),
);

await serveUntilSignal(app, port, () => pool.end());
