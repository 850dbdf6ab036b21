import {
  claimDueSubmissions,
  claimOwedStatuses,
  platformClient,
  type SubmissionOutcome,
  sendOwedStatus,
  submitDocument,
} from '@comptoir/core';
import { renderDocument } from '@comptoir/documents/render';
import { type LocalPlatform, startLocalPlatform, structuralValidator } from '@comptoir/local-platform';
import { testKeyring } from '@comptoir/testing';
import { platformWebhookPath } from '@comptoir/trpc/paths';
import type { TestApi } from '../harness.ts';
import type { Workspace } from './records.ts';
import { callTrpc } from './trpc.ts';

/** The local approved platform (the stand-in for a real PA), its webhooks sent to the API. */
export interface ConnectedPlatform {
  platform: LocalPlatform;
  webhookSecret: string;
  clientSecret: string;
}

/**
 * Starts a local platform for the workspace and connects the workspace to it over tRPC, as an
 * owner would (OAuth2 client credentials). `webhooks: false` leaves the platform without a
 * webhook URL: statuses then arrive only by polling.
 */
export async function connectLocalPlatform(
  api: TestApi,
  workspace: Workspace,
  { webhooks = true }: { webhooks?: boolean } = {},
): Promise<ConnectedPlatform> {
  const clientSecret = `secret-${workspace.workspaceId}`;
  const webhookSecret = `whsec-platform-${workspace.workspaceId}`;
  const platform = await startLocalPlatform({
    clientId: 'comptoir',
    clientSecret,
    webhookSecret,
    validate: structuralValidator,
    webhookRetryDelaysMs: [100, 500],
    ...(webhooks ? { webhookUrl: `${api.baseUrl}${platformWebhookPath(workspace.workspaceId)}` } : {}),
  });
  const answer = await callTrpc(
    api,
    'einvoicing.setConnection',
    'mutation',
    {
      baseUrl: platform.url,
      auth: { kind: 'oauth2', tokenUrl: platform.tokenUrl, clientId: 'comptoir', clientSecret },
      webhookSecret,
    },
    workspace.headers,
  );
  if (answer.status !== 200)
    throw new Error(`setConnection: ${answer.status} ${JSON.stringify(answer.body)}`);
  return { platform, webhookSecret, clientSecret };
}

/**
 * One pass of the worker's submission loop, through the same core functions the worker calls;
 * `timeoutMs` shortens the platform client's timeout (the production one is 15 s).
 */
export async function submitDue(
  api: TestApi,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<SubmissionOutcome[]> {
  const claimed = await claimDueSubmissions(api.db.orm.em.fork(), { limit: 50, leaseMs: 60_000 });
  const outcomes: SubmissionOutcome[] = [];
  for (const submission of claimed) {
    outcomes.push(
      await submitDocument(api.db.orm.em.fork(), submission, {
        keyring: testKeyring(),
        render: renderDocument,
        ...clientWith(timeoutMs),
      }),
    );
  }
  return outcomes;
}

/** One pass of the worker's sender of the statuses owed to the platform (Encaissée, Refusée). */
export async function sendOwed(
  api: TestApi,
  { timeoutMs }: { timeoutMs?: number } = {},
): Promise<SubmissionOutcome[]> {
  const claimed = await claimOwedStatuses(api.db.orm.em.fork(), { limit: 50, leaseMs: 60_000 });
  const outcomes: SubmissionOutcome[] = [];
  for (const status of claimed) {
    outcomes.push(
      await sendOwedStatus(api.db.orm.em.fork(), status, {
        keyring: testKeyring(),
        ...clientWith(timeoutMs),
      }),
    );
  }
  return outcomes;
}

/** The production client with a shorter timeout, for the tests of timeouts. */
function clientWith(timeoutMs: number | undefined) {
  if (!timeoutMs) return {};
  const client: typeof platformClient = (connection, keyring) =>
    platformClient(connection, keyring, timeoutMs);
  return { client };
}
