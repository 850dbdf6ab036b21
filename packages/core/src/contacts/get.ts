import type { EntityManager } from '@comptoir/db';
import { notFound } from '../errors/index.ts';
import type { ContactDetailView } from './schemas.ts';
import { findContactDetail } from './store.ts';

/** A contact with its whole company (ContactDetail). */
export async function getContact(
  em: EntityManager,
  workspaceId: string,
  id: string,
): Promise<ContactDetailView> {
  const contact = await findContactDetail(em, workspaceId, id);
  if (!contact) throw notFound('Contact');
  return contact;
}
