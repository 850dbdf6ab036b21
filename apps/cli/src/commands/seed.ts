import { seedDemoWorkspace } from '@comptoir/core';
import { withOrm } from '../database.ts';
import type { Flags, Output } from '../output.ts';
import { announceRevocations, unannouncedRevocationDelay } from '../revocations.ts';

/**
 * `seed [--password P]`: the demo workspace, its products, an all-scope key (the previous demo
 * key revoked) and the demo owner (a password set by --password, made for a new owner, else kept).
 */
export async function seed(out: Output, flags: Flags = {}) {
  const ownerPassword = typeof flags.password === 'string' ? flags.password : undefined;
  const demo = await withOrm((orm) =>
    seedDemoWorkspace(orm.em.fork(), ownerPassword === undefined ? {} : { ownerPassword }),
  );
  // The previous demo key is revoked: a running API must hear of it like any revocation.
  const problem = await announceRevocations();
  out.result({ ...demo }, () => [
    `Demo workspace ${demo.workspaceId}: ${demo.products} products.`,
    `Demo key (all scopes, previous demo key revoked): ${demo.key}`,
    `Demo owner: ${demo.owner.email}, ${demo.owner.password === null ? 'password unchanged' : `password ${demo.owner.password}`}`,
    ...(problem
      ? [
          `Note: running API processes keep accepting the previous demo key for up to ${unannouncedRevocationDelay} (${problem}).`,
        ]
      : []),
  ]);
}
