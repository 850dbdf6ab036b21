/**
 * The bench's baseline server: bare Fastify + pg (a plain pg.Pool), no authentication, no rate
 * limit, no validation, no tRPC. Its routes call the real `listProducts` / `getProduct` (and
 * `listContacts` / `listCompanies`) of @comptoir/core with a stand-in for the EntityManager
 * whose `getKysely` is a Kysely on the pool, so its statements and row mapping are the API's by
 * construction. Served by `serve-bare.ts`; `request-instructions-child.ts` injects into it.
 */
import { getProduct, listCompanies, listContacts, listProducts } from '@comptoir/core';
import type { Database, EntityManager } from '@comptoir/db';
import { listEnvelope } from '@comptoir/trpc';
import Fastify, { type FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

interface ListQuery {
  limit?: string;
  offset?: string;
  q?: string;
  trackStock?: string;
  supplierId?: string;
}

export interface BareApp {
  app: FastifyInstance;
  /** Ends the pool (after the app is closed). */
  end(): Promise<void>;
}

export function buildBareApp(databaseUrl: string, workspaceId: string): BareApp {
  // Same pool size as the ORM (createOrm default 10), and the same type parsing as MikroORM's pg
  // connection: timestamps stay text (productView converts them), numerics stay text.
  const types = new pg.TypeOverrides();
  for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (value: string) => value);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types });

  /** All listProducts and getProduct use of the EntityManager: `getKysely()` (core's `kysely(em)`). */
  const onPool = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const pgOnly = { getKysely: () => onPool } as unknown as EntityManager;

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

  return { app, end: () => pool.end() };
}
