import { type EntityManager, isIdOf, kysely, toDate } from '@comptoir/db';
import {
  type Flow,
  type FlowClient,
  LifecycleMessageError,
  parseLifecycleMessage,
  verifyPlatformWebhook,
  WebhookVerificationError,
} from '@comptoir/einvoicing';
import { decryptSecret, type Keyring } from '@comptoir/secrets';
import { AppError, notFound } from '../errors/index.ts';
import { receiveSupplierInvoice } from '../supplier-invoices/receive.ts';
import { advanceEinvoice } from './advance.ts';
import { platformClient, webhookSecretBinding } from './platform.ts';
import type { StatusChange } from './store.ts';
import { findConnection, savePollCursor } from './store.ts';

type PlatformSource = Extract<StatusChange['source'], 'platform_webhook' | 'platform_poll'>;

/**
 * What a flow the platform reports means for the workspace. Our own flow (Out, our invoice's id
 * as tracking id): its acknowledgement; an Error means the platform did not take the document
 * (rejected). A supplier's invoice (In): received as a supplier invoice, once per flow. A
 * lifecycle message about our invoices (CDAR, In): each status it carries, for the invoice of
 * that number. Anything else is not ours to act on.
 */
export async function applyPlatformFlow(
  em: EntityManager,
  workspaceId: string,
  flow: Flow,
  source: PlatformSource,
  client: FlowClient,
): Promise<void> {
  if (flow.flowDirection === 'Out') {
    const invoiceId = flow.trackingId;
    if (!invoiceId || !isIdOf('invoice', invoiceId)) return;
    const rejected = flow.acknowledgement.status === 'Error';
    const reason = rejected
      ? (flow.acknowledgement.details ?? [])
          .map((detail) => `${detail.item ?? detail.reasonCode}: ${detail.reasonMessage ?? ''}`.trim())
          .join(' ') || 'refused by the platform'
      : null;
    await advanceEinvoice(
      em,
      workspaceId,
      invoiceId,
      {
        status: rejected ? 'rejected' : 'submitted',
        platformCode: rejected ? 213 : null,
        reason,
        flowId: flow.flowId,
      },
      source,
    );
    return;
  }
  if (flow.flowType === 'SupplierInvoice' && flow.flowSyntax !== 'CDAR') {
    const file = await client.getFlow(flow.flowId, 'Original');
    await receiveSupplierInvoice(em, workspaceId, {
      flowId: flow.flowId,
      file: file.content,
      fileName: file.fileName ?? flow.name,
      contentType: file.contentType,
      receivedAt: new Date(flow.submittedAt),
    });
    return;
  }
  if (flow.flowSyntax !== 'CDAR' || flow.flowType !== 'CustomerInvoiceLC') return;
  const file = await client.getFlow(flow.flowId, 'Original');
  let message: ReturnType<typeof parseLifecycleMessage>;
  try {
    message = parseLifecycleMessage(file.content);
  } catch (error) {
    // A lifecycle message we cannot read changes nothing; the platform's record stays the reference.
    if (error instanceof LifecycleMessageError) return;
    throw error;
  }
  for (const reference of message.references) {
    if (reference.status === null) continue;
    const invoiceId = await invoiceIdByNumber(em, workspaceId, reference.invoiceNumber);
    if (!invoiceId) continue;
    const reason = reference.reason ? (reference.reason.text ?? reference.reason.code) : null;
    await advanceEinvoice(
      em,
      workspaceId,
      invoiceId,
      { status: reference.status, platformCode: reference.statusCode, reason, flowId: null },
      source,
    );
  }
}

async function invoiceIdByNumber(em: EntityManager, workspaceId: string, number: string) {
  const row = await kysely(em)
    .selectFrom('invoices')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('number', '=', number)
    .executeTakeFirst();
  return row?.id;
}

/**
 * A webhook the platform sent about one of its flows: believed only with a valid signature of
 * the connection's webhook secret and a fresh timestamp (a forged or stale call changes nothing
 * and is refused); then the flow is applied. A replay within the tolerance is harmless: a
 * repeated report changes nothing.
 */
export async function receivePlatformWebhook(
  em: EntityManager,
  workspaceId: string,
  request: { body: string | Uint8Array; headers: Record<string, string | string[] | undefined> },
  keyring: Keyring,
): Promise<void> {
  const connection = isIdOf('workspace', workspaceId) ? await findConnection(em, workspaceId) : undefined;
  if (!connection) throw notFound('Platform connection');
  const secret = decryptSecret(connection.webhook_secret, keyring, webhookSecretBinding(workspaceId));
  let flow: Flow;
  try {
    flow = verifyPlatformWebhook({ body: request.body, headers: request.headers, secret });
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    throw new AppError('webhook_signature_invalid', `The platform webhook was refused: ${error.reason}`);
  }
  await applyPlatformFlow(em, workspaceId, flow, 'platform_webhook', platformClient(connection, keyring));
}

/** Flows read per page, and pages per poll: a backlog is read over several polls. */
const pageSize = 100;
const pagesPerPoll = 10;

/**
 * The safety net under the webhooks: the flows the platform changed since the last poll
 * (XP Z12-013 pages by update time), applied in order, the cursor saved after each page.
 * A first poll starts from when the connection was made.
 */
export async function pollPlatform(
  em: EntityManager,
  workspaceId: string,
  keyring: Keyring,
): Promise<number> {
  const connection = await findConnection(em, workspaceId);
  if (!connection) return 0;
  const client = platformClient(connection, keyring);
  let cursor =
    connection.poll_cursor ?? new Date(toDate(connection.updated_at).getTime() - 60_000).toISOString();
  let applied = 0;
  for (let page = 0; page < pagesPerPoll; page++) {
    const { flows, nextCursor } = await client.searchFlows({ cursor, limit: pageSize });
    for (const flow of flows) {
      await applyPlatformFlow(em, workspaceId, flow, 'platform_poll', client);
      applied++;
    }
    const last = flows.at(-1);
    if (last) cursor = last.updatedAt;
    await savePollCursor(em, workspaceId, cursor);
    if (nextCursor === null) break;
  }
  return applied;
}
