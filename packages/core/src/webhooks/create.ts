import type { EntityManager } from '@comptoir/db';
import { generateSecret } from '@comptoir/webhooks';
import { type EndpointCreate, type EndpointWithSecret, endpointCreateSchema } from './schemas.ts';
import { insertEndpoint } from './store.ts';
import { assertDeliverableUrl, publicTargetsOnly, type TargetPolicy } from './targets.ts';

/** Registers an endpoint; its signing secret is shown here only. */
export async function createEndpoint(
  em: EntityManager,
  workspaceId: string,
  input: EndpointCreate,
  policy: TargetPolicy = publicTargetsOnly,
): Promise<EndpointWithSecret> {
  const endpoint = endpointCreateSchema.parse(input);
  assertDeliverableUrl(endpoint.url, policy);
  const secret = generateSecret();
  return { ...(await insertEndpoint(em, workspaceId, endpoint, secret)), secret };
}
