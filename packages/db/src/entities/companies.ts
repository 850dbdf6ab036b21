import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, newestFirst, searchColumn, updatedAt } from './columns.ts';
import { workspaceId } from './workspaces.ts';

// Also in the database, not expressible here (see database-only.ts): the trigram search index
// companies_search_idx on (workspace_id, search_text).
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
    // What `q` searches, folded (searchColumn); a contact search matches the name alone. The VAT
    // number is there twice, as stored and without whitespace (a foreign one is stored as typed).
    searchName: searchColumn('comptoir_fold(name)'),
    searchText: searchColumn(
      `comptoir_fold(((((((name || '\x1f'::text) || COALESCE(siret, ''::text)) || '\x1f'::text) || COALESCE(vat_number, ''::text)) || '\x1f'::text) || COALESCE(regexp_replace(vat_number, '\\s+'::text, ''::text, 'g'::text), ''::text)))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // the target of the same-workspace foreign keys (workspace_id, company_id) of other tables
  uniques: [{ name: 'companies_workspace_id_id_key', properties: ['workspaceId', 'id'] }],
  indexes: [newestFirst('companies_workspace_idx')],
});
