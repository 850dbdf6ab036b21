import { defineEntity, p } from '@mikro-orm/core';
import { createdAt, id, updatedAt } from './columns.ts';
import { einvoiceSources, einvoiceStatuses, platformAuthKinds } from './einvoicing-statuses.ts';
import { Invoice } from './invoices.ts';
import { Workspace, workspaceId } from './workspaces.ts';

/**
 * A workspace's connection to its approved platform (PA): at most one. `credential` (the bearer
 * token or the OAuth2 client secret) and `webhook_secret` are encrypted (@comptoir/secrets), bound
 * to the workspace; reads never show them.
 */
export const EinvoicingConnection = defineEntity({
  name: 'EinvoicingConnection',
  tableName: 'einvoicing_connections',
  properties: {
    workspaceId: p
      .manyToOne(Workspace)
      .primary()
      .mapToPk()
      .fieldName('workspace_id')
      .foreignKeyName('einvoicing_connections_workspace_id_fkey')
      .deleteRule('no action')
      .updateRule('no action'),
    baseUrl: p.text(),
    authKind: p.enum(platformAuthKinds),
    tokenUrl: p.text().nullable(),
    clientId: p.text().nullable(),
    scope: p.text().nullable(),
    organizationId: p.text().nullable(),
    credential: p.text(),
    webhookSecret: p.text(),
    // the `updatedAt` of the last flow the poll has seen (XP Z12-013 pages by update time)
    pollCursor: p.text().nullable(),
    polledAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [
    { name: 'einvoicing_connections_credential_encrypted', expression: "starts_with(credential, 'enc:')" },
    {
      name: 'einvoicing_connections_webhook_secret_encrypted',
      expression: "starts_with(webhook_secret, 'enc:')",
    },
  ],
});

/**
 * The submission outbox: one row per issued invoice or credit note to hand to the platform,
 * written in the issuing transaction. The worker leases due rows (`lease_until`), sends outside
 * any lock, and records the outcome; `flow_id` set means the platform acknowledged it.
 */
export const EinvoiceSubmission = defineEntity({
  name: 'EinvoiceSubmission',
  tableName: 'einvoice_submissions',
  properties: {
    invoiceId: p
      .manyToOne(Invoice)
      .primary()
      .mapToPk()
      .fieldName('invoice_id')
      .foreignKeyName('einvoice_submissions_invoice_id_fkey')
      .deleteRule('no action')
      .updateRule('no action'),
    workspaceId: workspaceId('einvoice_submissions'),
    attempts: p.integer().default(0),
    nextAttemptAt: p.datetime().defaultRaw('now()'),
    leaseUntil: p.datetime().nullable(),
    // set once an attempt may have reached the platform (a timeout): the next one searches first
    uncertain: p.boolean().default(false),
    lastError: p.text().nullable(),
    flowId: p.text().nullable(),
    submittedAt: p.datetime().nullable(),
    createdAt: createdAt(),
  },
  indexes: [
    // what the worker claims: due submissions not yet acknowledged
    { name: 'einvoice_submissions_due_idx', properties: ['nextAttemptAt'], where: { submittedAt: null } },
  ],
});

/** Every change of an invoice's e-invoicing status, with its time and source (append-only). */
export const EinvoiceStatusChange = defineEntity({
  name: 'EinvoiceStatusChange',
  tableName: 'einvoice_status_changes',
  properties: {
    id: id(),
    workspaceId: workspaceId('einvoice_status_changes'),
    invoiceId: p
      .manyToOne(Invoice)
      .mapToPk()
      .fieldName('invoice_id')
      .foreignKeyName('einvoice_status_changes_invoice_id_fkey')
      .deleteRule('no action')
      .updateRule('no action'),
    status: p.enum(einvoiceStatuses),
    // the lifecycle code the platform reported (200-213), null for Comptoir's own stages
    platformCode: p.integer().nullable(),
    reason: p.text().nullable(),
    flowId: p.text().nullable(),
    source: p.enum(einvoiceSources),
    createdAt: createdAt(),
  },
  indexes: [{ name: 'einvoice_status_changes_invoice_idx', properties: ['invoiceId', 'createdAt'] }],
});
