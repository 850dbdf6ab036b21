import { createWorkspace, type NegativeStockPolicy, negativeStockPolicies } from '@comptoir/core';
import { withOrm } from '../database.ts';
import { CliError, type Flags, type Output, required } from '../output.ts';

/** `workspace create --name N [--negative-stock block|allow]` */
export async function workspaceCreate(out: Output, flags: Flags) {
  const policy = (flags['negative-stock'] as string | undefined) ?? 'block';
  if (!(negativeStockPolicies as readonly string[]).includes(policy)) {
    throw new CliError(`--negative-stock must be one of: ${negativeStockPolicies.join(', ')}`);
  }
  const workspace = await withOrm((orm) =>
    createWorkspace(orm.em.fork(), {
      name: required(flags, 'name'),
      negativeStock: policy as NegativeStockPolicy,
    }),
  );
  const { id, name, negativeStock } = workspace;
  out.result({ id, name, negativeStock }, () => [
    `Created workspace ${id} (${name}, negative stock: ${negativeStock})`,
  ]);
}
