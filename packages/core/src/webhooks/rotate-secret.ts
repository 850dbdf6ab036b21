import { type EntityManager, isIdOf } from '@comptoir/db';
import type { Keyring } from '@comptoir/secrets';
import { generateSecret } from '@comptoir/webhooks';
import { notFound } from '../errors/index.ts';
import type { EndpointWithSecret } from './schemas.ts';
import { replaceEndpointSecret } from './store.ts';

/** How long a rotated-out secret keeps signing beside the new one. */
export const previousSecretHours = 24;

/**
 * A new signing secret, shown here only and stored encrypted with `keyring`. The previous one
 * keeps signing beside it for previousSecretHours, so receivers can switch without missing an
 * event.
 */
export async function rotateEndpointSecret(
  em: EntityManager,
  workspaceId: string,
  id: string,
  keyring: Keyring,
): Promise<EndpointWithSecret> {
  if (!isIdOf('webhookEndpoint', id)) throw notFound('Webhook endpoint');
  const secret = generateSecret();
  const endpoint = await replaceEndpointSecret(em, workspaceId, id, secret, previousSecretHours, keyring);
  if (!endpoint) throw notFound('Webhook endpoint');
  return { ...endpoint, secret };
}
