/**
 * The baseline: bare Fastify + pg (a plain pg.Pool), no authentication, no rate limit, no
 * validation, no tRPC: what the framework layers are measured against (bare-app.ts).
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
import { buildBareApp } from './bare-app.ts';
import { readSetting, requireSetting, serveUntilSignal } from './lib.ts';

const databaseUrl = requireSetting('database-url');
const workspaceId = requireSetting('workspace-id');
const port = Number(readSetting('port') ?? 0);

const { app, end } = buildBareApp(databaseUrl, workspaceId);
await serveUntilSignal(app, port, end);
