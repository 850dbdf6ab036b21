import type { EntityManager } from '@comptoir/db';
import type { ListPage } from '../paging/index.ts';
import { contactPage } from './list-store.ts';
import type { ContactListQuery, ContactView } from './schemas.ts';

/**
 * The workspace's contacts, newest first; `q` searches the name, e-mail and company name,
 * `companyId` keeps one company's contacts (both combine).
 */
export async function listContacts(
  em: EntityManager,
  workspaceId: string,
  query: ContactListQuery,
): Promise<ListPage<ContactView>> {
  return contactPage(em, workspaceId, query);
}
