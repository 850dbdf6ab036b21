import { seedDemoWorkspace } from '@comptoir/core';
import { withOrm } from '../database.ts';
import type { Output } from '../output.ts';
import { announceRevocations, unannouncedRevocationDelay } from '../revocations.ts';

/** `seed`: the demo workspace, its products, and an all-scope key (the previous demo key revoked). */
export async function seed(out: Output) {
  const demo = await withOrm((orm) => seedDemoWorkspace(orm.em.fork()));
  // The previous demo key is revoked: a running API must hear of it like any revocation.
  const problem = await announceRevocations();
  out.result({ ...demo }, () => [
    `Demo workspace ${demo.workspaceId}: ${demo.products} products.`,
    `Demo key (all scopes, previous demo key revoked): ${demo.key}`,
    ...(problem
      ? [
          `Note: running API processes keep accepting the previous demo key for up to ${unannouncedRevocationDelay} (${problem}).`,
        ]
      : []),
  ]);
}
