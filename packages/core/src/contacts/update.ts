import { type EntityManager, inTransaction } from '@comptoir/db';
import { requireCompany } from '../companies/reference.ts';
import { notFound } from '../errors/index.ts';
import { recordEvent } from '../events/record.ts';
import {
  type ContactDetailView,
  type ContactUpdate,
  type ContactUpdateData,
  type ContactView,
  contactUpdateSchema,
} from './schemas.ts';
import {
  type ContactChanges,
  emailAlreadyUsed,
  findContactDetail,
  lockContact,
  updateContactRow,
} from './store.ts';

type StoredContact = NonNullable<Awaited<ReturnType<typeof lockContact>>>;

/** The fields of the patch that differ from the stored contact. */
function changesOf(current: StoredContact, patch: ContactUpdateData): ContactChanges {
  const changes: ContactChanges = {};
  if (patch.name !== undefined && patch.name !== current.name) changes.name = patch.name;
  if (patch.email !== undefined && patch.email !== current.email) changes.email = patch.email;
  if (patch.phone !== undefined && patch.phone !== current.phone) changes.phone = patch.phone;
  if (patch.companyId !== undefined && patch.companyId !== current.company_id) {
    changes.companyId = patch.companyId;
  }
  return changes;
}

/** A Contact, as contact.created carries it: the detail's company reduced to its id and name. */
const contactOf = (detail: ContactDetailView): ContactView => ({
  ...detail,
  company: detail.company && { id: detail.company.id, name: detail.company.name },
});

/**
 * Changes the given fields of a contact (null clears `phone`, detaches the company) and records
 * `contact.updated`; a patch that changes nothing records nothing. The e-mail stays unique per
 * workspace, case-insensitively (409 contact_email_duplicate). Answers the ContactDetail.
 */
export async function updateContact(
  em: EntityManager,
  workspaceId: string,
  id: string,
  input: ContactUpdate,
): Promise<ContactDetailView> {
  const patch = contactUpdateSchema.parse(input);
  try {
    return await inTransaction(em, async (tx) => {
      const current = await lockContact(tx, workspaceId, id);
      if (!current) throw notFound('Contact');
      const changes = changesOf(current, patch);
      const changed = Object.keys(changes).length > 0;
      if (changes.companyId) await requireCompany(tx, workspaceId, changes.companyId);
      if (changed) await updateContactRow(tx, workspaceId, id, changes);
      const updated = await findContactDetail(tx, workspaceId, id);
      if (!updated) throw new Error('updated contact not found');
      if (changed) await recordEvent(tx, workspaceId, 'contact.updated', contactOf(updated));
      return updated;
    });
  } catch (error) {
    throw emailAlreadyUsed(error, patch.email ?? '');
  }
}
