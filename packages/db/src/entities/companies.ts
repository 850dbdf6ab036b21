import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, newestFirst, updatedAt } from './columns.ts';
import { workspaceId } from './workspaces.ts';

// Also in the database, not expressible here (see database-only.ts): the trigram search indexes
// companies_search_idx and companies_name_search_idx.
export const Company = defineEntity({
  name: 'Company',
  tableName: 'companies',
  properties: {
    id: id(),
    workspaceId: workspaceId('companies'),
    name: p.text(),
    siret: p.text().nullable(),
    vatNumber: p.text().nullable(),
    address: p.text().nullable(),
    phone: p.text().nullable(),
    isSupplier: p.boolean().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // the target of the same-workspace foreign keys (workspace_id, company_id) of other tables
  uniques: [{ name: 'companies_workspace_id_id_key', properties: ['workspaceId', 'id'] }],
  indexes: [newestFirst('companies_workspace_idx')],
});
