import type { ProcedureMeta } from './init.ts';
import type { AppRouter } from './routers/index.ts';

/** Every procedure's path (`products.list`) with its meta, for the REST glue and the document. */
export function procedureMetas(router: AppRouter): Map<string, ProcedureMeta> {
  const metas = new Map<string, ProcedureMeta>();
  const procedures = router._def.procedures as unknown as Record<string, { _def: { meta?: ProcedureMeta } }>;
  for (const [path, procedure] of Object.entries(procedures)) metas.set(path, procedure._def.meta ?? {});
  return metas;
}
