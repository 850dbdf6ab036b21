import { type EntityManager, kysely, toDate } from '@comptoir/db';
import { isPlatformError, type SentLifecycleStatus } from '@comptoir/einvoicing';
import type { Keyring } from '@comptoir/secrets';
import { type LeasedRow, leaseDue, markSent, outboxes, retryDelayMs, retryLater } from './leases.ts';
import { owedStatusPayloadSchema } from './owed-statuses.ts';
import { platformClient } from './platform.ts';
import { findConnection } from './store.ts';
import { failure, findSubmitted, type SubmissionOutcome } from './submit.ts';

/** A status owed to the platform that the worker leased (its `id` is the outbox row's). */
export type ClaimedStatus = LeasedRow;

/** Leases due owed statuses of connected workspaces (einvoice_status_outbox), several workers alike. */
export function claimOwedStatuses(
  em: EntityManager,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedStatus[]> {
  return leaseDue(em, outboxes.statuses, options);
}

/**
 * Sends a status owed to the platform (a Refusée 210 with its reason, an Encaissée 212 with the
 * amount and date) as a lifecycle message, exactly once: the outbox row's id is its tracking id,
 * an attempt that may have reached the platform first searches for it, and a status the platform
 * took is never sent again. Records the outcome.
 */
export async function sendOwedStatus(
  em: EntityManager,
  claimed: ClaimedStatus,
  deps: { keyring: Keyring; client?: typeof platformClient },
): Promise<SubmissionOutcome> {
  const outcome = await attempt(em, claimed, deps);
  if (outcome.kind === 'retry') {
    await retryLater(em, outboxes.statuses, claimed, outcome.error, outcome.delayMs);
  } else {
    await markSent(em, outboxes.statuses, claimed, {
      flowId: outcome.kind === 'submitted' ? outcome.flowId : null,
      error: outcome.kind === 'rejected' ? outcome.reason : null,
    });
  }
  return outcome;
}

async function attempt(
  em: EntityManager,
  claimed: ClaimedStatus,
  deps: { keyring: Keyring; client?: typeof platformClient },
): Promise<SubmissionOutcome> {
  const row = await kysely(em)
    .selectFrom('einvoice_status_outbox')
    .selectAll()
    .where('id', '=', claimed.id)
    .executeTakeFirstOrThrow();
  const payload = owedStatusPayloadSchema.safeParse(row.payload);
  // Written by our own use cases: a payload that does not read is a bug, kept visible on the row.
  if (!payload.success) return { kind: 'rejected', reason: `unreadable payload: ${payload.error.message}` };
  const connection = await findConnection(em, claimed.workspaceId);
  if (!connection) return { kind: 'retry', error: 'no platform connection', delayMs: retryDelayMs(99) };
  const client = (deps.client ?? platformClient)(connection, deps.keyring);
  try {
    if (claimed.uncertain) {
      const earlier = await findSubmitted(client, claimed.id);
      if (earlier) return { kind: 'submitted', flowId: earlier.flowId, found: true };
    }
    const { invoice, issuer, recipient, payment } = payload.data;
    const flow = await client.submitLifecycleStatus({
      status: row.status as SentLifecycleStatus,
      trackingId: claimed.id,
      issuedAt: toDate(row.created_at),
      issuer,
      recipient,
      invoice: { ...invoice, receivedAt: new Date(invoice.receivedAt) },
      ...(payment
        ? {
            payment: {
              amount: payment.amount,
              currency: payment.currency,
              ...(payment.date ? { date: payment.date } : {}),
            },
          }
        : {}),
      ...(row.reason ? { reason: { text: row.reason } } : {}),
    });
    return { kind: 'submitted', flowId: flow.flowId, found: false };
  } catch (error) {
    if (!isPlatformError(error)) throw error;
    return failure(error, claimed.attempts);
  }
}
