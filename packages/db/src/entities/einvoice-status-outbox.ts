import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id } from './columns.ts';
import { workspaceId } from './workspaces.ts';

/**
 * Lifecycle statuses owed to the approved platform (a "Refusée 210" for a refused supplier
 * invoice), recorded in the transaction of the change that owes them, like the events' outbox; a
 * sender marks each `sentAt` once the platform has it. `subjectKind` / `subjectId` name the
 * record (`supplier_invoice`, `sinv_…`), so no foreign key names one table.
 */
export const EinvoiceStatusOutbox = defineEntity({
  name: 'EinvoiceStatusOutbox',
  tableName: 'einvoice_status_outbox',
  properties: {
    id: id(),
    workspaceId: workspaceId('einvoice_status_outbox'),
    subjectKind: p.text(),
    subjectId: p.text(),
    status: p.text(),
    reason: p.text().nullable(),
    payload: p.json<Record<string, unknown>>(),
    createdAt: createdAt(),
    sentAt: p.datetime().nullable(),
    // the sender's bookkeeping, as for the submissions (entities/einvoicing.ts): a lease, the
    // retry schedule, and whether an attempt may have reached the platform (search before resending)
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    leaseUntil: p.datetime().nullable(),
    uncertain: p.boolean().default(false),
    lastError: p.text().nullable(),
    flowId: p.text().nullable(),
  },
  indexes: [
    // what a sender claims, oldest first
    { name: 'einvoice_status_outbox_unsent_idx', properties: ['createdAt', 'id'], where: { sentAt: null } },
    { name: 'einvoice_status_outbox_due_idx', properties: ['nextAttemptAt'], where: { sentAt: null } },
  ],
});
