import { type EntityManager, inTransaction, newId } from '@comptoir/db';
import { requireCompany } from '../companies/reference.ts';
import { requireContact } from '../contacts/reference.ts';
import { recordEvent } from '../events/record.ts';
import { type OpportunityCreate, type OpportunityView, opportunityCreateSchema } from './schemas.ts';
import { findOpportunity, insertOpportunity } from './store.ts';

/** Creates an opportunity (DRAFT unless given) and records `opportunity.created`. */
export async function createOpportunity(
  em: EntityManager,
  workspaceId: string,
  input: OpportunityCreate,
): Promise<OpportunityView> {
  const data = opportunityCreateSchema.parse(input);
  return inTransaction(em, async (tx) => {
    if (data.contactId) await requireContact(tx, workspaceId, data.contactId);
    if (data.companyId) await requireCompany(tx, workspaceId, data.companyId);
    const id = newId('opportunity');
    await insertOpportunity(tx, workspaceId, {
      id,
      title: data.title,
      status: data.status ?? 'DRAFT',
      amount: data.amount ?? null,
      contactId: data.contactId ?? null,
      companyId: data.companyId ?? null,
    });
    // Read back: the contact's e-mail and the company's name come with the joins.
    const created = await findOpportunity(tx, workspaceId, id);
    if (!created) throw new Error('inserted opportunity not found');
    // An Opportunity, as the event and the 201 carry it: the detail's quoteSentAt is left out.
    const { quoteSentAt: _, ...opportunity } = created;
    await recordEvent(tx, workspaceId, 'opportunity.created', opportunity);
    return opportunity;
  });
}
