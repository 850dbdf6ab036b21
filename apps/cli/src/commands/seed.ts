import { seedDemoWorkspace } from '@comptoir/core';
import { withOrm } from '../database.ts';
import type { Output } from '../output.ts';

/** `seed`: the demo workspace, its products, and an all-scope key (the previous demo key revoked). */
export async function seed(out: Output) {
  const demo = await withOrm((orm) => seedDemoWorkspace(orm.em.fork()));
  out.result({ ...demo }, () => [
    `Demo workspace ${demo.workspaceId}: ${demo.products} products.`,
    `Demo key (all scopes, previous demo key revoked): ${demo.key}`,
  ]);
}
