import { type EntityManager, kysely, newId } from '@comptoir/db';
import { sql } from 'kysely';

/** A lifecycle status owed to the platform about one of our records. */
export interface OwedPlatformStatus {
  kind: 'supplier_invoice';
  id: string;
  /** Our name of the status (docs/einvoicing.md, "Lifecycle statuses"): `refused` is 210 Refusée. */
  status: 'refused';
  reason: string | null;
  /** What a sender needs to write the message without reading the record again. */
  payload?: Record<string, unknown>;
}

/**
 * Records, in the caller's transaction, that a status is owed to the platform (a refused supplier
 * invoice owes a "Refusée 210" with its reason). A sender delivers the rows of
 * einvoice_status_outbox whose `sent_at` is null and marks them sent: the status exists if and
 * only if the change that owes it committed, like the events' outbox.
 */
export async function owePlatformStatus(
  tx: EntityManager,
  workspaceId: string,
  owed: OwedPlatformStatus,
): Promise<string> {
  if (!tx.isInTransaction())
    throw new Error(`owePlatformStatus(${owed.status}) called outside a transaction`);
  const id = newId('einvoiceStatusOwed');
  await kysely(tx)
    .insertInto('einvoice_status_outbox')
    .values({
      id,
      workspace_id: workspaceId,
      subject_kind: owed.kind,
      subject_id: owed.id,
      status: owed.status,
      reason: owed.reason,
      payload: sql<Record<string, unknown>>`${JSON.stringify(owed.payload ?? {})}::jsonb`,
    })
    .execute();
  return id;
}
