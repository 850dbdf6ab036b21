import { defineEntity, p } from '@mikro-orm/core';
import { opportunityStatuses } from '../enums.ts';
import { createdAt, id, newestFirst, quantity, updatedAt } from './columns.ts';
import { workspaceId } from './workspaces.ts';

export { opportunityStatuses };

// Also in the database, not expressible here (see database-only.ts): the same-workspace foreign
// keys (workspace_id, contact_id) -> contacts and (workspace_id, company_id) -> companies.
export const Opportunity = defineEntity({
  name: 'Opportunity',
  tableName: 'opportunities',
  properties: {
    id: id(),
    workspaceId: workspaceId('opportunities'),
    title: p.text(),
    status: p.enum(opportunityStatuses).default('DRAFT'),
    amount: quantity().nullable().check('amount >= 0'),
    priority: p.text().nullable(),
    contactId: p.text().nullable(),
    companyId: p.text().nullable(),
    lastContactAt: p.datetime().nullable(),
    nextFollowUpAt: p.datetime().nullable(),
    wonAt: p.datetime().nullable(),
    quoteSentAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ name: 'opportunities_workspace_id_id_key', properties: ['workspaceId', 'id'] }],
  indexes: [
    newestFirst('opportunities_workspace_idx'),
    newestFirst('opportunities_workspace_status_idx', 'status'),
  ],
});
