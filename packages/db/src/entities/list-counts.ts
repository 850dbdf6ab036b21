import { defineEntity, p } from '@mikro-orm/core';
import { workspaceId } from './workspaces.ts';

/**
 * The totals of the record lists (invoices, quotes, opportunities, contacts, companies, webhook
 * endpoints), kept by the statement-level triggers of comptoir_count_list() in the writing
 * transaction: one row per workspace, list (the table's name) and key (the value of the column
 * the list filters on, such as a status, or '' for a list without one). A list's total is the
 * sum of its rows, so a page never counts the rows it pages through.
 */
export const WorkspaceListCount = defineEntity({
  name: 'WorkspaceListCount',
  tableName: 'workspace_list_counts',
  properties: {
    workspaceId: workspaceId('workspace_list_counts').primary(),
    list: p.text().primary(),
    key: p.text().primary(),
    total: p.bigint('number').defaultRaw('0'),
  },
});
