import { type EntityManager, inTransaction, toIsoOrNull } from '@comptoir/db';
import { Decimal } from 'decimal.js';
import { requireCompany } from '../companies/reference.ts';
import { requireContact } from '../contacts/reference.ts';
import { notFound } from '../errors/index.ts';
import { recordEvents } from '../events/record.ts';
import type { NewEvent } from '../events/schemas.ts';
import {
  type OpportunityDetailView,
  type OpportunityUpdate,
  type OpportunityUpdateData,
  opportunityUpdateSchema,
} from './schemas.ts';
import { findOpportunity, lockOpportunity, type OpportunityChanges, updateOpportunityRow } from './store.ts';

type StoredOpportunity = NonNullable<Awaited<ReturnType<typeof lockOpportunity>>>;

const sameInstant = (stored: Date | string | null, given: string | null) =>
  given === null ? stored === null : stored !== null && toIsoOrNull(stored) === new Date(given).toISOString();

const sameAmount = (stored: string | null, given: number | null) =>
  given === null ? stored === null : stored !== null && new Decimal(stored).equals(given);

/** The fields of the patch that differ from the stored opportunity. */
function changesOf(current: StoredOpportunity, patch: OpportunityUpdateData): OpportunityChanges {
  const changes: OpportunityChanges = {};
  if (patch.title !== undefined && patch.title !== current.title) changes.title = patch.title;
  if (patch.amount !== undefined && !sameAmount(current.amount, patch.amount)) changes.amount = patch.amount;
  if (patch.status !== undefined && patch.status !== current.status) changes.status = patch.status;
  if (patch.priority !== undefined && patch.priority !== current.priority) changes.priority = patch.priority;
  if (patch.contactId !== undefined && patch.contactId !== current.contact_id) {
    changes.contactId = patch.contactId;
  }
  if (patch.companyId !== undefined && patch.companyId !== current.company_id) {
    changes.companyId = patch.companyId;
  }
  if (patch.lastContactAt !== undefined && !sameInstant(current.last_contact_at, patch.lastContactAt)) {
    changes.lastContactAt = patch.lastContactAt;
  }
  if (patch.nextFollowUpAt !== undefined && !sameInstant(current.next_follow_up_at, patch.nextFollowUpAt)) {
    changes.nextFollowUpAt = patch.nextFollowUpAt;
  }
  return changes;
}

/**
 * Changes the given fields of an opportunity. Entering WON stamps `wonAt`, leaving it clears
 * it. Records `opportunity.updated` when something changed, plus `opportunity.won` /
 * `opportunity.lost` on entering those statuses; a patch that changes nothing records nothing.
 */
export async function updateOpportunity(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: OpportunityUpdate,
): Promise<OpportunityDetailView> {
  const patch = opportunityUpdateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    const current = await lockOpportunity(tx, workspaceId, id);
    if (!current) throw notFound('Opportunity');
    const changes = changesOf(current, patch);
    if (Object.keys(changes).length > 0) {
      if (changes.contactId) await requireContact(tx, workspaceId, changes.contactId);
      if (changes.companyId) await requireCompany(tx, workspaceId, changes.companyId);
      if (changes.status === 'WON') changes.wonAt = 'now';
      else if (changes.status !== undefined && current.status === 'WON') changes.wonAt = null;
      await updateOpportunityRow(tx, workspaceId, id, changes);
    }
    const updated = await findOpportunity(tx, workspaceId, id);
    if (!updated) throw new Error('updated opportunity not found');
    if (Object.keys(changes).length === 0) return updated;
    // The events carry an Opportunity, as opportunity.created does: without the detail's quoteSentAt.
    const { quoteSentAt: _, ...opportunity } = updated;
    const events: NewEvent[] = [{ type: 'opportunity.updated', data: opportunity }];
    if (changes.status === 'WON') events.push({ type: 'opportunity.won', data: opportunity });
    if (changes.status === 'LOST') events.push({ type: 'opportunity.lost', data: opportunity });
    await recordEvents(tx, workspaceId, events);
    return updated;
  });
}
