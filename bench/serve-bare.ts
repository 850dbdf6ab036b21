/**
 * The baseline: bare Fastify + pg, running exactly the SQL of `listProducts` (the page with its
 * count subquery, the WHERE of `productListFilter`, rows mapped by `productView`) for one fixed
 * workspace; and, for the extra `get` scenario, the SQL of `getProduct`. No authentication, no rate limit, no validation, no tRPC: what the framework
 * layers are measured against. Prints `{"listening":<port>}` on stdout when ready.
 *
 *   node bench/serve-bare.ts --database-url=postgres://… --workspace-id=wks_… [--port=0]
 *   (or DATABASE_URL, WORKSPACE_ID, PORT in the environment)
 */
import { type ProductRow, productColumns, productListFilter, productView } from '@comptoir/core';
import Fastify from 'fastify';
import pg from 'pg';
import { announceListening, exitOnSignal, readSetting, requireSetting, toPgPlaceholders } from './lib.ts';

const databaseUrl = requireSetting('database-url');
const workspaceId = requireSetting('workspace-id');
const port = Number(readSetting('port') ?? 0);

// Same pool size as the ORM (createOrm default 10), and the same type parsing as MikroORM's pg
// connection: timestamps stay text (productView converts them), numerics stay text.
const types = new pg.TypeOverrides();
for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (value: string) => value);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, types });

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
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  const offset = query.offset === undefined ? 0 : Number(query.offset);
  const { where, params } = productListFilter(workspaceId, {
    q: query.q,
    supplierId: query.supplierId,
    trackStock: query.trackStock === undefined ? undefined : query.trackStock === 'true',
  });
  // The statement of listProducts, character for character apart from the placeholders.
  const { rows } = await pool.query<ProductRow & { total: string }>(
    toPgPlaceholders(`select ${productColumns}, (select count(*) from products where ${where}) as total
       from products where ${where}
      order by name, id limit ? offset ?`),
    [...params, ...params, limit, offset],
  );
  let total = rows[0] ? Number(rows[0].total) : 0;
  if (rows.length === 0 && offset > 0) {
    const count = await pool.query<{ total: string }>(
      toPgPlaceholders(`select count(*) as total from products where ${where}`),
      params,
    );
    total = Number(count.rows[0]?.total ?? 0);
  }
  return { data: rows.map(productView), pagination: { total, limit, offset } };
});

// The statement of getProduct (findProductRow): one product by id.
app.get<{ Params: { id: string } }>('/products/:id', async (request, reply) => {
  const { rows } = await pool.query<ProductRow>(
    toPgPlaceholders(`select ${productColumns} from products where workspace_id = ? and id = ?`),
    [workspaceId, request.params.id],
  );
  const row = rows[0];
  if (!row) return reply.code(404).send({ error: { code: 'not_found', message: 'Product not found' } });
  return { data: productView(row) };
});

await app.listen({ host: '127.0.0.1', port });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
announceListening(address.port);

exitOnSignal(async () => {
  await app.close();
  // Requests whose client went away may still be running: let them finish before the pool ends.
  await new Promise((resolve) => setTimeout(resolve, 500));
  await pool.end();
});
