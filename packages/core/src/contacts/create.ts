import { type EntityManager, inTransaction, newId } from '@comptoir/db';
import { requireCompany } from '../companies/reference.ts';
import { recordEvent } from '../events/record.ts';
import { type ContactCreate, type ContactView, contactCreateSchema } from './schemas.ts';
import { emailAlreadyUsed, insertContact } from './store.ts';

/**
 * Creates a contact and records `contact.created` in the same transaction. The unique index
 * on (workspace, lower(email)) decides between two concurrent creations of one e-mail.
 */
export async function createContact(
  em: EntityManager,
  workspaceId: string,
  input: ContactCreate,
): Promise<ContactView> {
  const data = contactCreateSchema.parse(input);
  try {
    return await inTransaction(em, async (tx) => {
      const company = data.companyId ? await requireCompany(tx, workspaceId, data.companyId) : undefined;
      const contact = await insertContact(tx, workspaceId, {
        id: newId('contact'),
        name: data.name,
        email: data.email,
        phone: data.phone ?? null,
        company: company ? { id: company.id, name: company.name } : null,
      });
      await recordEvent(tx, workspaceId, 'contact.created', contact);
      return contact;
    });
  } catch (error) {
    throw emailAlreadyUsed(error, data.email);
  }
}
