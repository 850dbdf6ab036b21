import { type EntityManager, inTransaction } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import { type EndpointUpdate, type EndpointView, endpointUpdateSchema } from './schemas.ts';
import { findEndpoint, updateEndpointRow } from './store.ts';
import { assertDeliverableUrl, publicTargetsOnly, type TargetPolicy } from './targets.ts';

export async function updateEndpoint(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: EndpointUpdate,
  policy: TargetPolicy = publicTargetsOnly,
): Promise<EndpointView> {
  const patch = endpointUpdateSchema.parse(input);
  if (patch.url !== undefined) assertDeliverableUrl(patch.url, policy);
  return inTransaction(em, async (tx) => {
    const current = await findEndpoint(tx, workspaceId, id, true);
    if (!current) throw notFound('Webhook endpoint');
    // Only a change of status counts: enabling again starts a new record, so past failures no
    // longer count towards disabling; disabling an enabled endpoint is "manual".
    const status = patch.status !== current.status ? patch.status : undefined;
    const updated = await updateEndpointRow(tx, id, { ...patch, status });
    if (!updated) throw notFound('Webhook endpoint');
    return updated;
  });
}
