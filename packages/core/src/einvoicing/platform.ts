import { createFlowClient, type FlowClient } from '@comptoir/einvoicing';
import { decryptSecret, type Keyring, secretBinding } from '@comptoir/secrets';
import type { ConnectionRow } from './store.ts';

/** What a connection's secrets are bound to (@comptoir/secrets): their column and workspace. */
export const credentialBinding = (workspaceId: string) =>
  secretBinding('einvoicing_connections.credential', workspaceId);
export const webhookSecretBinding = (workspaceId: string) =>
  secretBinding('einvoicing_connections.webhook_secret', workspaceId);

/** Every call to a platform gives up after this long; a submission then searches before it retries. */
export const platformTimeoutMs = 15_000;

/** The production Flow Service client of a workspace's connection, its secret decrypted for it. */
export function platformClient(
  connection: ConnectionRow,
  keyring: Keyring,
  timeoutMs = platformTimeoutMs,
): FlowClient {
  const credential = decryptSecret(
    connection.credential,
    keyring,
    credentialBinding(connection.workspace_id),
  );
  const auth =
    connection.auth_kind === 'bearer'
      ? { kind: 'bearer' as const, token: credential }
      : {
          kind: 'oauth2' as const,
          tokenUrl: connection.token_url ?? '',
          clientId: connection.client_id ?? '',
          clientSecret: credential,
          ...(connection.scope ? { scope: connection.scope } : {}),
        };
  return createFlowClient({
    baseUrl: connection.base_url,
    auth,
    timeoutMs,
    ...(connection.organization_id ? { organizationId: connection.organization_id } : {}),
  });
}
