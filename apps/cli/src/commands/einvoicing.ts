import { readPublicBaseUrl, readWebhookTargetsConfig } from '@comptoir/config';
import {
  type ConnectionSet,
  type ConnectionView,
  deleteConnection,
  getConnection,
  getWorkspace,
  setConnection,
  testConnection,
} from '@comptoir/core';
import { platformWebhookPath } from '@comptoir/trpc/paths';
import { withOrm } from '../database.ts';
import { requiredKeyring } from '../keyring.ts';
import { CliError, type Flags, type Output, required } from '../output.ts';

// The workspace's approved platform (rulings, "E-invoicing"), as the tRPC procedures
// einvoicing.setConnection / getConnection / deleteConnection / testConnection do it.

const optional = (flags: Flags, name: string) => {
  const value = flags[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** Where the platform must send its webhooks for this workspace: the API's public URL. */
function webhookUrlOf(workspaceId: string): string {
  return `${readPublicBaseUrl()}${platformWebhookPath(workspaceId)}`;
}

function authOf(flags: Flags): ConnectionSet['auth'] {
  const token = optional(flags, 'token');
  const oauth2 = ['token-url', 'client-id', 'client-secret', 'scope'].filter((name) => optional(flags, name));
  if (token !== undefined) {
    if (oauth2.length > 0) {
      throw new CliError(
        `--token or the OAuth2 client (--token-url, --client-id, --client-secret), not both`,
      );
    }
    return { kind: 'bearer', token };
  }
  if (oauth2.length === 0) {
    throw new CliError(
      'the platform’s credentials are required: --token T, or --token-url U --client-id I --client-secret S [--scope S]',
    );
  }
  const scope = optional(flags, 'scope');
  return {
    kind: 'oauth2',
    tokenUrl: required(flags, 'token-url'),
    clientId: required(flags, 'client-id'),
    clientSecret: required(flags, 'client-secret'),
    ...(scope === undefined ? {} : { scope }),
  };
}

function describeConnection(connection: ConnectionView): string[] {
  if (!connection.configured) return ['No platform connection: issued invoices go to no platform.'];
  return [
    `Platform: ${connection.baseUrl}`,
    connection.authKind === 'oauth2'
      ? `Credentials: OAuth2 client ${connection.clientId} at ${connection.tokenUrl}${connection.scope ? ` (scope ${connection.scope})` : ''}, secret stored encrypted`
      : 'Credentials: a bearer token, stored encrypted',
    ...(connection.organizationId ? [`Organization-Id: ${connection.organizationId}`] : []),
    `Last poll: ${connection.polledAt ?? 'not yet'}`,
  ];
}

/**
 * `einvoicing connect`: connects the workspace to its platform, or replaces the connection. The
 * secrets are stored encrypted (ENCRYPTION_KEY) and never shown again; the answer names the
 * webhook URL to give the platform, which signs its webhooks with the webhook secret.
 */
export async function einvoicingConnect(out: Output, flags: Flags) {
  const workspaceId = required(flags, 'workspace');
  const organizationId = optional(flags, 'organization-id');
  const input: ConnectionSet = {
    baseUrl: required(flags, 'base-url'),
    auth: authOf(flags),
    webhookSecret: required(flags, 'webhook-secret'),
    ...(organizationId === undefined ? {} : { organizationId }),
  };
  const keyring = requiredKeyring('einvoicing connect (the platform’s secrets are stored encrypted)');
  const connection = await withOrm(async (orm) => {
    await getWorkspace(orm.em.fork(), workspaceId);
    return setConnection(orm.em.fork(), workspaceId, input, keyring, readWebhookTargetsConfig());
  });
  const webhookUrl = webhookUrlOf(workspaceId);
  out.result({ workspaceId, connection, webhookUrl }, () => [
    `Connected workspace ${workspaceId} to its e-invoicing platform: every invoice and credit note it issues from now on goes there.`,
    ...describeConnection(connection),
    '',
    `Give the platform this webhook URL (from PUBLIC_BASE_URL), with the webhook secret given here:`,
    '',
    `  ${webhookUrl}`,
    '',
    `Check the connection: pnpm cli einvoicing test --workspace ${workspaceId}`,
  ]);
}

/** `einvoicing show`: the connection, its secrets left out. */
export async function einvoicingShow(out: Output, flags: Flags) {
  const workspaceId = required(flags, 'workspace');
  const connection = await withOrm(async (orm) => {
    await getWorkspace(orm.em.fork(), workspaceId);
    return getConnection(orm.em.fork(), workspaceId);
  });
  const webhookUrl = connection.configured ? webhookUrlOf(workspaceId) : null;
  out.result({ workspaceId, connection, webhookUrl }, () => [
    ...describeConnection(connection),
    ...(webhookUrl ? [`Webhook URL for the platform: ${webhookUrl}`] : []),
  ]);
}

/** `einvoicing disconnect`: invoices issued from now on owe no platform anything. */
export async function einvoicingDisconnect(out: Output, flags: Flags) {
  const workspaceId = required(flags, 'workspace');
  await withOrm((orm) => deleteConnection(orm.em.fork(), workspaceId));
  out.result({ workspaceId, disconnected: true }, () => [
    `Disconnected workspace ${workspaceId} from its platform: invoices issued from now on go nowhere; those already owed wait for a new connection.`,
  ]);
}

/** `einvoicing test`: the platform answers and takes our credentials, or the command fails saying why. */
export async function einvoicingTest(out: Output, flags: Flags) {
  const workspaceId = required(flags, 'workspace');
  const keyring = requiredKeyring('einvoicing test (it decrypts the platform’s secret)');
  const { connection, result } = await withOrm(async (orm) => ({
    connection: await getConnection(orm.em.fork(), workspaceId),
    result: await testConnection(orm.em.fork(), workspaceId, keyring),
  }));
  if (!result.ok) {
    throw new CliError(
      `the platform at ${connection.baseUrl} ${result.error?.kind === 'unauthorized' ? 'refused our credentials' : 'could not be used'}: ${result.error?.message} (${result.error?.kind})`,
    );
  }
  out.result({ workspaceId, ok: true }, () => [
    `The platform at ${connection.baseUrl} answers and takes the workspace's credentials.`,
  ]);
}
