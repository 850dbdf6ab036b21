import type { EntityManager } from '@comptoir/db';
import { type Flow, type FlowClient, isPlatformError, type PlatformError } from '@comptoir/einvoicing';
import type { Keyring } from '@comptoir/secrets';
import { getInvoiceDocument } from '../documents/get-invoice-document.ts';
import type { RenderDocument } from '../documents/render.ts';
import { advanceEinvoice } from './advance.ts';
import { type LeasedRow, leaseDue, markSent, outboxes, retryDelayMs, retryLater } from './leases.ts';
import { platformClient } from './platform.ts';
import { findConnection } from './store.ts';

/** A submission the worker leased (its `id` is the invoice's): sent outside any lock, then recorded. */
export type ClaimedSubmission = LeasedRow;

/**
 * Leases up to `limit` due submissions of connected workspaces for `leaseMs`, several workers
 * alike. The lease marks each uncertain before anything is sent: a worker killed
 * mid-submission leaves a row whose next attempt searches the platform before sending.
 */
export function claimDueSubmissions(
  em: EntityManager,
  options: { limit: number; leaseMs: number },
): Promise<ClaimedSubmission[]> {
  return leaseDue(em, outboxes.submissions, options);
}

export type SubmissionOutcome =
  | { kind: 'submitted'; flowId: string; found: boolean }
  | { kind: 'retry'; error: string; delayMs: number }
  | { kind: 'rejected'; reason: string };

export interface SubmissionDependencies {
  keyring: Keyring;
  render: RenderDocument;
  /** Builds the client of a connection; the production client unless a test needs a shorter timeout. */
  client?: typeof platformClient;
}

/**
 * Hands an issued invoice's or credit note's Factur-X PDF (the stored document, byte for byte) to
 * the workspace's platform, with the invoice's id as the tracking id, exactly once: an attempt
 * that may have reached the platform (a timeout, a worker killed) first searches for the tracking
 * id, and a submission the platform acknowledged is never sent again. Records the outcome.
 */
export async function submitDocument(
  em: EntityManager,
  claimed: ClaimedSubmission,
  deps: SubmissionDependencies,
): Promise<SubmissionOutcome> {
  const outcome = await attempt(em, claimed, deps);
  await recordOutcome(em, claimed, outcome);
  return outcome;
}

async function attempt(
  em: EntityManager,
  claimed: ClaimedSubmission,
  deps: SubmissionDependencies,
): Promise<SubmissionOutcome> {
  const connection = await findConnection(em, claimed.workspaceId);
  if (!connection) return { kind: 'retry', error: 'no platform connection', delayMs: retryDelayMs(99) };
  const client = (deps.client ?? platformClient)(connection, deps.keyring);
  try {
    if (claimed.uncertain) {
      const earlier = await findSubmitted(client, claimed.id);
      if (earlier) return { kind: 'submitted', flowId: earlier.flowId, found: true };
    }
    const document = await getInvoiceDocument(em, claimed.workspaceId, claimed.id, 'pdf', deps.render);
    const flow = await client.submitFlow({
      file: document.content,
      fileName: document.filename,
      syntax: 'Factur-X',
      profile: 'CIUS',
      processingRule: 'B2B',
      trackingId: claimed.id,
      sha256: document.sha256,
    });
    return { kind: 'submitted', flowId: flow.flowId, found: false };
  } catch (error) {
    if (!isPlatformError(error)) throw error;
    return failure(error, claimed.attempts);
  }
}

/** Our earlier flow of that tracking id, if the platform has it. */
export async function findSubmitted(client: FlowClient, trackingId: string): Promise<Flow | undefined> {
  const page = await client.searchFlows({ trackingId, direction: 'Out', limit: 10 });
  return page.flows.find((flow) => flow.trackingId === trackingId && flow.flowDirection === 'Out');
}

export function failure(error: PlatformError, attempts: number): SubmissionOutcome {
  if (error.kind === 'rejected') {
    return { kind: 'rejected', reason: error.platformMessage ?? error.message };
  }
  const delayMs = Math.max(retryDelayMs(attempts), error.retryAfterMs ?? 0);
  return { kind: 'retry', error: `${error.kind}: ${error.message}`, delayMs };
}

async function recordOutcome(em: EntityManager, claimed: ClaimedSubmission, outcome: SubmissionOutcome) {
  if (outcome.kind === 'retry') {
    await retryLater(em, outboxes.submissions, claimed, outcome.error, outcome.delayMs);
    return;
  }
  await em.transactional(async (tx) => {
    const flowId = outcome.kind === 'submitted' ? outcome.flowId : null;
    const error = outcome.kind === 'rejected' ? outcome.reason : null;
    await markSent(tx as EntityManager, outboxes.submissions, claimed, { flowId, error });
    await advanceEinvoice(
      tx as EntityManager,
      claimed.workspaceId,
      claimed.id,
      outcome.kind === 'submitted'
        ? { status: 'submitted', platformCode: null, reason: null, flowId }
        : { status: 'rejected', platformCode: null, reason: error, flowId: null },
      'comptoir',
    );
  });
}
