import { type EntityManager, kysely, newId } from '@comptoir/db';
import { sql } from 'kysely';
import { z } from 'zod';

const party = z.object({ siren: z.string(), name: z.string(), role: z.string() });

/**
 * What the sender needs to write the lifecycle message (XP Z12-012 CDAR) without reading the
 * record again: who reports (`issuer`), to whom (`recipient`), the invoice it is about, and for
 * an Encaissée the payment. packages/einvoicing's LifecycleMessageInput, as JSON.
 */
export const owedStatusPayloadSchema = z.object({
  issuer: party,
  recipient: party,
  invoice: z.object({
    number: z.string(),
    issueDate: z.string(),
    typeCode: z.string(),
    sellerSiren: z.string(),
    receivedAt: z.iso.datetime(),
  }),
  payment: z.object({ amount: z.string(), currency: z.string(), date: z.string().optional() }).optional(),
});
export type OwedStatusPayload = z.infer<typeof owedStatusPayloadSchema>;

/** A lifecycle status owed to the platform about one of our records. */
export interface OwedPlatformStatus {
  kind: 'supplier_invoice' | 'invoice';
  id: string;
  /**
   * Our name of the status (docs/einvoicing.md, "Lifecycle statuses"): `refused` is 210 Refusée
   * (a supplier invoice we refuse), `paid` 212 Encaissée (a payment of ours, cashed).
   */
  status: 'refused' | 'paid';
  reason: string | null;
  /** What a sender needs to write the message: an OwedStatusPayload (owedStatusPayloadSchema). */
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
