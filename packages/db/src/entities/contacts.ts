import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, newestFirst, searchColumn, updatedAt } from './columns.ts';
import { workspaceId } from './workspaces.ts';

// Also in the database, not expressible here (see database-only.ts): the unique index on
// (workspace_id, lower(email)), the trigram search index on (workspace_id, search_text), and the same-workspace foreign key
// (workspace_id, company_id) -> companies (workspace_id, id).
export const Contact = defineEntity({
  name: 'Contact',
  tableName: 'contacts',
  properties: {
    id: id(),
    workspaceId: workspaceId('contacts'),
    name: p.text(),
    email: p.text(),
    phone: p.text().nullable(),
    companyId: p.text().nullable(),
    // What `q` searches, folded (searchColumn).
    searchText: searchColumn(`comptoir_fold(((name || '\x1f'::text) || email))`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ name: 'contacts_workspace_id_id_key', properties: ['workspaceId', 'id'] }],
  indexes: [
    newestFirst('contacts_workspace_idx'),
    // A company's contacts newest first (contacts.list's companyId: the page without a sort, the
    // total from the index alone); covering, so the search's branch through the companies and
    // a company's search read their contacts from the index alone.
    { ...newestFirst('contacts_company_idx', 'companyId'), include: ['searchText'] },
  ],
});
