import { type EntityManager, inTransaction } from '@comptoir/db';
import { encryptSecret, type Keyring } from '@comptoir/secrets';
import { urlTargetRefusal } from '@comptoir/webhooks';
import { AppError } from '../errors/index.ts';
import type { TargetPolicy } from '../webhooks/targets.ts';
import { credentialBinding, webhookSecretBinding } from './platform.ts';
import { type ConnectionSet, type ConnectionView, connectionSetSchema } from './schemas.ts';
import { connectionView, upsertConnection } from './store.ts';

/**
 * Connects the workspace to its approved platform, or replaces the connection (at most one).
 * The secrets are stored encrypted and never shown again. URLs follow the webhook targets'
 * policy: https to a public address, unless the service allows private targets (development).
 */
export async function setConnection(
  em: EntityManager,
  workspaceId: string,
  input: ConnectionSet,
  keyring: Keyring,
  policy: TargetPolicy,
): Promise<ConnectionView> {
  const data = connectionSetSchema.parse(input);
  refusePrivateUrl(data.baseUrl, 'baseUrl', policy);
  if (data.auth.kind === 'oauth2') refusePrivateUrl(data.auth.tokenUrl, 'auth.tokenUrl', policy);
  const secret = data.auth.kind === 'bearer' ? data.auth.token : data.auth.clientSecret;
  return inTransaction(em, async (tx) => {
    const row = await upsertConnection(tx, workspaceId, {
      base_url: data.baseUrl.replace(/\/+$/, ''),
      auth_kind: data.auth.kind,
      token_url: data.auth.kind === 'oauth2' ? data.auth.tokenUrl : null,
      client_id: data.auth.kind === 'oauth2' ? data.auth.clientId : null,
      scope: data.auth.kind === 'oauth2' ? (data.auth.scope ?? null) : null,
      organization_id: data.organizationId ?? null,
      credential: encryptSecret(secret, keyring, credentialBinding(workspaceId)),
      webhook_secret: encryptSecret(data.webhookSecret, keyring, webhookSecretBinding(workspaceId)),
    });
    return connectionView(row);
  });
}

function refusePrivateUrl(url: string, path: string, policy: TargetPolicy): void {
  const refusal = urlTargetRefusal(new URL(url), policy.allowPrivateTargets);
  if (!refusal) return;
  const message =
    refusal === 'https_required'
      ? 'must use https'
      : 'must not point to a private, loopback, link-local or metadata address';
  throw new AppError('invalid_body', `${path} ${message}`, { details: [{ path, message }] });
}
