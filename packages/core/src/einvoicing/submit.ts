import { type EntityManager, kysely } from '@comptoir/db';
import { type Flow, type FlowClient, isPlatformError, type PlatformError } from '@comptoir/einvoicing';
import type { Keyring } from '@comptoir/secrets';
import { sql } from 'kysely';
import { getInvoiceDocument } from '../documents/get-invoice-document.ts';
import type { RenderDocument } from '../documents/render.ts';
import { advanceEinvoice } from './advance.ts';
import { platformClient } from './platform.ts';
import { findConnection } from './store.ts';

/** A submission the worker leased: it sends it outside any lock, then records the outcome. */
export interface ClaimedSubmission {
  invoiceId: string;
  workspaceId: string;
  /** Attempts before this one. */
  attempts: number;
  /** An earlier attempt may have reached the platform: search for it before sending again. */
  uncertain: boolean;
}

/**
 * Leases up to `limit` due submissions of connected workspaces for `leaseMs`, several workers
 * alike (SKIP LOCKED). The lease marks each uncertain before anything is sent: a worker killed
 * mid-submission leaves a row whose next attempt searches the platform before sending.
 */
export async function claimDueSubmissions(
  em: EntityManager,
  { limit, leaseMs }: { limit: number; leaseMs: number },
): Promise<ClaimedSubmission[]> {
  const { rows } = await sql<{
    invoice_id: string;
    workspace_id: string;
    attempts: number;
    was_uncertain: boolean;
  }>`
    with due as (
      select s.invoice_id, s.uncertain as was_uncertain
      from einvoice_submissions s
      join einvoicing_connections c on c.workspace_id = s.workspace_id
      where s.submitted_at is null and s.next_attempt_at <= now()
        and (s.lease_until is null or s.lease_until < now())
      order by s.next_attempt_at
      limit ${limit}
      for update of s skip locked
    )
    update einvoice_submissions s
    set lease_until = now() + ${`${leaseMs} milliseconds`}::interval, uncertain = true
    from due where due.invoice_id = s.invoice_id
    returning s.invoice_id, s.workspace_id, s.attempts, due.was_uncertain`.execute(kysely(em));
  return rows.map((row) => ({
    invoiceId: row.invoice_id,
    workspaceId: row.workspace_id,
    attempts: row.attempts,
    uncertain: row.was_uncertain,
  }));
}

/** Waits between attempts while the platform is away: 10 s, 30 s, 1, 5, 15 min, then hourly. */
export function retryDelayMs(attempts: number): number {
  const schedule = [10_000, 30_000, 60_000, 300_000, 900_000];
  return schedule[attempts] ?? 3_600_000;
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
      const earlier = await findSubmitted(client, claimed.invoiceId);
      if (earlier) return { kind: 'submitted', flowId: earlier.flowId, found: true };
    }
    const document = await getInvoiceDocument(em, claimed.workspaceId, claimed.invoiceId, 'pdf', deps.render);
    const flow = await client.submitFlow({
      file: document.content,
      fileName: document.filename,
      syntax: 'Factur-X',
      profile: 'CIUS',
      processingRule: 'B2B',
      trackingId: claimed.invoiceId,
      sha256: document.sha256,
    });
    return { kind: 'submitted', flowId: flow.flowId, found: false };
  } catch (error) {
    if (!isPlatformError(error)) throw error;
    return failure(error, claimed.attempts);
  }
}

/** Our earlier flow of that invoice, if the platform has it (searched by tracking id). */
async function findSubmitted(client: FlowClient, invoiceId: string): Promise<Flow | undefined> {
  const page = await client.searchFlows({ trackingId: invoiceId, direction: 'Out', limit: 10 });
  return page.flows.find((flow) => flow.trackingId === invoiceId && flow.flowDirection === 'Out');
}

function failure(error: PlatformError, attempts: number): SubmissionOutcome {
  if (error.kind === 'rejected') {
    return { kind: 'rejected', reason: error.platformMessage ?? error.message };
  }
  const delayMs = Math.max(retryDelayMs(attempts), error.retryAfterMs ?? 0);
  return { kind: 'retry', error: `${error.kind}: ${error.message}`, delayMs };
}

async function recordOutcome(em: EntityManager, claimed: ClaimedSubmission, outcome: SubmissionOutcome) {
  const db = kysely(em);
  if (outcome.kind === 'retry') {
    await db
      .updateTable('einvoice_submissions')
      .set({
        attempts: claimed.attempts + 1,
        last_error: outcome.error,
        lease_until: null,
        next_attempt_at: sql`now() + ${`${outcome.delayMs} milliseconds`}::interval`,
      })
      .where('invoice_id', '=', claimed.invoiceId)
      .execute();
    return;
  }
  await em.transactional(async (tx) => {
    const flowId = outcome.kind === 'submitted' ? outcome.flowId : null;
    await kysely(tx as EntityManager)
      .updateTable('einvoice_submissions')
      .set({
        attempts: claimed.attempts + 1,
        flow_id: flowId,
        submitted_at: sql`now()`,
        lease_until: null,
        uncertain: false,
        last_error: outcome.kind === 'rejected' ? outcome.reason : null,
      })
      .where('invoice_id', '=', claimed.invoiceId)
      .execute();
    await advanceEinvoice(
      tx as EntityManager,
      claimed.workspaceId,
      claimed.invoiceId,
      outcome.kind === 'submitted'
        ? { status: 'submitted', platformCode: null, reason: null, flowId }
        : { status: 'rejected', platformCode: null, reason: outcome.reason, flowId: null },
      'comptoir',
    );
  });
}
