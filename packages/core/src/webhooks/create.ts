import type { EntityManager } from '@comptoir/db';
import type { Keyring } from '@comptoir/secrets';
import { generateSecret } from '@comptoir/webhooks';
import { type EndpointCreate, type EndpointWithSecret, endpointCreateSchema } from './schemas.ts';
import { insertEndpoint } from './store.ts';
import { assertDeliverableUrl, publicTargetsOnly, type TargetPolicy } from './targets.ts';

/**
 * Registers an endpoint; its signing secret is shown here only, and stored encrypted with
 * `keyring` (no read gives it back).
 */
export async function createEndpoint(
  em: EntityManager,
  workspaceId: string,
  input: EndpointCreate,
  keyring: Keyring,
  policy: TargetPolicy = publicTargetsOnly,
): Promise<EndpointWithSecret> {
  const endpoint = endpointCreateSchema.parse(input);
  assertDeliverableUrl(endpoint.url, policy);
  const secret = generateSecret();
  return { ...(await insertEndpoint(em, workspaceId, endpoint, secret, keyring)), secret };
}
